import { z } from 'zod';

/** `{id}` in a path: a positive integer within the int4 columns (digits only: lib/input-guard.ts). */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** `skip`/`limit` paging (apps/server/README.md, "Lists") with a sane maximum. */
export function pagingQuery(defaultLimit = 100, maxLimit = 500) {
  return z.object({
    skip: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
  });
}

export const errorSchema = z.object({ detail: z.string(), code: z.string().optional() });

/**
 * A refusal of several rows of one request (a batch of notices, an auction lot): a sentence, or the
 * 422-shaped list with each pledge's sentence under its own `loc` (plugins/errors.ts).
 */
export const rowsRefusalSchema = z.object({
  detail: z.union([
    z.string(),
    z.array(
      z.object({
        loc: z.array(z.union([z.string(), z.number()])),
        msg: z.string(),
        type: z.string(),
        code: z.string().optional(),
      }),
    ),
  ]),
  code: z.string().optional(),
});

/** An instant as the screens read it: ISO 8601 in UTC. */
export const isoInstant = (value: string | Date) => new Date(value).toISOString();
