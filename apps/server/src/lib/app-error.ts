/** A field-level complaint, FastAPI-shaped: loc is ['body', 'field'] (or 'query' / 'path'). */
export interface FieldError {
  loc: (string | number)[];
  msg: string;
  type: string;
  /** The sentence's stable code (packages/domain SENTENCES), added at the edge: the screens show it in their language. */
  code?: string;
  /** The sentence's parameters, as it wrote them, added with its code. */
  params?: Readonly<Record<string, string>>;
}

import { type CodedSentence, fillSentence, type SentenceCode, sentenceOf } from '@pledge-desk/domain';

/**
 * An error a person can read, thrown anywhere and turned into `{detail}` once, at the edge
 * (plugins/errors.ts). 422 errors carry the field list instead of a sentence.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    readonly fields?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** The sentence's stable code and parameters (packages/domain SENTENCES), which the edge sends along. */
  get sentence(): CodedSentence | undefined {
    return sentenceOf(this.message);
  }

  /** An error whose sentence is named by its code: `AppError.coded(409, 'PLEDGE_CLOSED', 'payments.single.pledgeClosed')`. */
  static coded(
    statusCode: number,
    code: string,
    sentence: SentenceCode,
    params: Readonly<Record<string, string | number>> = {},
  ): AppError {
    return new AppError(code, statusCode, fillSentence(sentence, params));
  }

  static notFound(what: string): AppError {
    return new AppError('NOT_FOUND', 404, `${what} not found.`);
  }

  static conflict(code: string, message: string): AppError {
    return new AppError(code, 409, message);
  }

  /** 422 naming one body field, with the sentence the screens show under it. */
  static field(field: string, msg: string, type = 'value_error'): AppError {
    return new AppError('VALIDATION', 422, msg, [{ loc: ['body', field], msg, type }]);
  }
}

/** PostgreSQL error code of an error, looking through drizzle's wrapping (`.cause`). */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint name a PostgreSQL error names, looking through `.cause`. */
export function pgConstraint(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const c = (e as { constraint?: unknown; constraint_name?: unknown }).constraint;
    if (typeof c === 'string') return c;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
