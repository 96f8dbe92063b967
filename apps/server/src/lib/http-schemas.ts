import { z } from 'zod';

/** `{id}` in a path: a positive integer within the int4 columns (digits only: lib/input-guard.ts). */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** `skip`/`limit` paging (ARCHITECTURE §4) with a sane maximum. */
export function pagingQuery(defaultLimit = 100, maxLimit = 500) {
  return z.object({
    skip: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
  });
}

export const errorSchema = z.object({ detail: z.string(), code: z.string().optional() });

/** An instant as the screens read it: ISO 8601 in UTC. */
export const isoInstant = (value: string | Date) => new Date(value).toISOString();
