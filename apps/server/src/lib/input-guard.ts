import { schemaFields } from '@pledge-desk/domain';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { AppError, type FieldError } from './app-error.ts';

/**
 * Bounds every request gets whatever its route declares, so a route added later cannot
 * forget them: no NUL character anywhere (PostgreSQL text cannot hold U+0000), numbers in the path and
 * the query written as plain decimal digits (`00001`, `0x10`, `+1`, `1e3` are not ids), and ids within
 * the `integer` columns they are looked up in.
 */

/** Largest id: the `integer` (int4) columns hold 2^31 - 1. */
export const MAX_ID = schemaFields.MAX_ID;

/** Plain decimal text: no sign but `-`, no leading zeros, no exponent, no hex. */
const PLAIN_DECIMAL = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;
/** A number in the path is an id: digits only. */
const PLAIN_DIGITS = /^(0|[1-9][0-9]*)$/;

/** Longest text any field takes; a route's own schema is usually far stricter. */
export const MAX_TEXT = 10_000;

type Fault = 'nul' | 'long';

/** Where a NUL or an over-long text hides in a parsed value, as a `loc` path; undefined when nowhere. */
export function findBadText(
  value: unknown,
  path: (string | number)[] = [],
  depth = 0,
): { path: (string | number)[]; fault: Fault } | undefined {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return { path, fault: 'nul' };
    return value.length > MAX_TEXT ? { path, fault: 'long' } : undefined;
  }
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findBadText(value[i], [...path, i], depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  // A Buffer or a multipart stream is not text the database stores as such.
  if (ArrayBuffer.isView(value)) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return { path: [...path, key], fault: 'nul' };
    if (key.length > MAX_TEXT) return { path: [...path, key], fault: 'long' };
    const found = findBadText(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Whether a NUL hides in a parsed value (a header). */
export function findNul(value: unknown): boolean {
  return findBadText(value)?.fault === 'nul';
}

const nulError = (loc: (string | number)[]) =>
  new AppError('VALIDATION', 422, 'Text cannot contain the NUL character.', [
    { loc, msg: 'Text cannot contain the NUL character.', type: 'string_nul' },
  ]);

const badTextError = (where: string, found: { path: (string | number)[]; fault: Fault }) => {
  const loc = [where, ...found.path];
  if (found.fault === 'nul') return nulError(loc);
  const msg = `Must be at most ${MAX_TEXT} characters`;
  return new AppError('VALIDATION', 422, msg, [{ loc, msg, type: 'string_too_long' }]);
};

/** onRequest hook, before sign-in reads them: refuses a NUL in any header with a 422 naming it. */
export async function refuseNulInHeaders(request: FastifyRequest): Promise<void> {
  for (const [name, value] of Object.entries(request.headers)) {
    if (findNul(value)) throw nulError(['header', name]);
  }
}

/**
 * preValidation hook: refuses a NUL, or text longer than MAX_TEXT, in the body, query or path with a
 * 422 naming the field, before any schema or handler sees it.
 */
export async function refuseNul(request: FastifyRequest): Promise<void> {
  const params = findBadText(request.params);
  if (params) throw badTextError('path', params);
  const query = findBadText(request.query);
  if (query) throw badTextError('query', query);
  const body = findBadText(request.body);
  if (body) throw badTextError('body', body);
}

interface ZodLike {
  _zod?: { def?: { type?: string; coerce?: boolean; innerType?: ZodLike; shape?: Record<string, ZodLike> } };
}

/** The schema under `.optional()`, `.default()`, `.nullable()`. */
function unwrap(schema: ZodLike): ZodLike {
  let s = schema;
  for (let i = 0; i < 10; i++) {
    const def = s._zod?.def;
    if (
      def &&
      ['optional', 'default', 'nullable', 'prefault', 'readonly'].includes(def.type ?? '') &&
      def.innerType
    )
      s = def.innerType;
    else break;
  }
  return s;
}

/** Keys of an object schema whose field is a coerced number (`z.coerce.number()`). */
function coercedNumberKeys(schema: unknown): string[] {
  const shape = (schema as ZodLike)?._zod?.def?.shape;
  if (!shape) return [];
  return Object.entries(shape)
    .filter(([, field]) => {
      const def = unwrap(field)._zod?.def;
      return def?.type === 'number' && def.coerce === true;
    })
    .map(([key]) => key);
}

const isIdKey = (key: string) => key === 'id' || key.endsWith('_id') || key.endsWith('Id');

/**
 * fastify-type-provider-zod's validator, with the plain-digits and id-range checks for numbers read
 * from text. In the path every number is an id; in the query, keys named `id` or `…_id` are.
 */
export const guardedValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  const part = route.httpPart;
  if (part !== 'params' && part !== 'querystring') return validate;
  const loc = part === 'params' ? 'path' : 'query';
  const numberKeys = coercedNumberKeys(route.schema);
  if (numberKeys.length === 0) return validate;
  return (data: unknown) => {
    const fields: FieldError[] = [];
    const raw = (data ?? {}) as Record<string, unknown>;
    for (const key of numberKeys) {
      const value = raw[key];
      if (value === undefined) continue;
      const text = Array.isArray(value) ? value[0] : value;
      if (typeof text !== 'string' || !(part === 'params' ? PLAIN_DIGITS : PLAIN_DECIMAL).test(text)) {
        fields.push({
          loc: [loc, key],
          msg: 'Must be a number written in plain digits',
          type: 'number_parsing',
        });
      } else if ((part === 'params' || isIdKey(key)) && Number(text) > MAX_ID) {
        fields.push({ loc: [loc, key], msg: `Must be at most ${MAX_ID}`, type: 'less_than_equal' });
      }
    }
    if (fields.length > 0) return { error: new AppError('VALIDATION', 422, fields[0]?.msg ?? '', fields) };
    return validate(data);
  };
};
