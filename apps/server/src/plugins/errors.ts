import { appendFileSync } from 'node:fs';
import { fillSentence, sentenceOf } from '@pledge-desk/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type FieldError, pgErrorCode } from '../lib/app-error.ts';
import { withoutSqlValues } from '../lib/log-safe.ts';

const locOf: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

/**
 * The one place errors become answers, FastAPI-shaped because the screens read `detail`
 * (apps/server/README.md, "Errors"): a sentence for 4xx, a `loc`/`msg`/`type` list for 422, nothing
 * internal for 5xx.
 */
/** Where the test run keeps a sentence the edge sent without a code (src/test/coded-sentences.ts). */
export const UNCODED_SENTENCES = Symbol.for('pledge-desk.uncoded-sentences');

function uncoded(status: number, text: string, url: string): void {
  if (!process.env.VITEST) return;
  const store = globalThis as unknown as Record<symbol, string[] | undefined>;
  store[UNCODED_SENTENCES] ??= [];
  store[UNCODED_SENTENCES].push(`${status} ${url}: ${text}`);
  if (process.env.UNCODED_LOG) appendFileSync(process.env.UNCODED_LOG, `${JSON.stringify(text)}\n`);
}

/**
 * Every sentence of a 4xx answer under its stable code (packages/domain SENTENCES): a 422 item gets
 * `code` and `params` beside its `msg`, a sentence `detail` gets `message_code` and `message_params`,
 * so the web shows it in the reader's language by its code. Done once, on the serialized answer, so
 * the answers routes send themselves are coded too and no response schema strips the codes.
 */
export function codeAnswer(status: number, body: unknown, url = ''): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const answer = body as Record<string, unknown>;
  const detail = answer.detail;
  if (typeof detail === 'string') {
    const sentence = sentenceOf(detail);
    if (!sentence) {
      uncoded(status, detail, url);
      return false;
    }
    answer.message_code = sentence.code;
    answer.message_params = sentence.params;
    return true;
  }
  if (!Array.isArray(detail)) return false;
  let changed = false;
  for (const item of detail) {
    if (typeof item !== 'object' || item === null || typeof item.msg !== 'string') continue;
    const sentence = sentenceOf(item.msg);
    if (!sentence) {
      uncoded(status, item.msg, url);
      continue;
    }
    item.code = sentence.code;
    item.params = sentence.params;
    changed = true;
  }
  return changed;
}

async function errorsPlugin(app: FastifyInstance, opts: { uploadMaxBytes: number }) {
  app.addHook('onSend', async (request, reply, payload) => {
    const status = reply.statusCode;
    if (
      status < 400 ||
      (status >= 500 && status !== 503) ||
      typeof payload !== 'string' ||
      !payload.startsWith('{')
    )
      return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    return codeAnswer(status, body, request.routeOptions.url ?? request.url) ? JSON.stringify(body) : payload;
  });
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      // A 422 lists its fields; so does a 409 that refuses several rows of one request for their state
      // (a batch of notices, an auction lot), each sentence under its own row.
      if ((err.statusCode === 422 || err.statusCode === 409) && err.fields && err.fields.length > 0) {
        return reply.code(err.statusCode).send({ detail: err.fields, code: err.code });
      }
      return reply.code(err.statusCode).send({ detail: err.message, code: err.code });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = locOf[err.validationContext ?? 'body'] ?? 'body';
      const detail: FieldError[] = err.validation.map((v) => {
        const path = v.instancePath
          .split('/')
          .filter((seg) => seg !== '')
          .map((seg) => (/^\d+$/.test(seg) ? Number(seg) : seg));
        return { loc: [where, ...path], msg: v.message ?? 'Invalid value', type: v.keyword };
      });
      return reply.code(422).send({ detail });
    }
    if (isResponseSerializationError(err)) {
      request.log.error(
        { err: withoutSqlValues(err), issues: err.cause.issues },
        'response does not match its schema',
      );
      return reply.code(500).send({ detail: 'Internal Server Error', code: 'INTERNAL_ERROR' });
    }
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.code(422).send({
          detail: [{ loc: ['body'], msg: 'The request body is not valid JSON.', type: 'json_invalid' }],
        });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(422).send({
          detail: [{ loc: ['body'], msg: 'The request body is empty.', type: 'missing' }],
        });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send({ detail: 'The request body is too large.', code: 'BODY_TOO_LARGE' });
      case 'FST_REQ_FILE_TOO_LARGE':
        return reply.code(413).send({
          detail: `The file is larger than ${formatMb(opts.uploadMaxBytes)} MB.`,
          code: 'FILE_TOO_LARGE',
        });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send({ detail: 'This content type is not accepted here.' });
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return reply.code(415).send({ detail: 'Send the file as multipart/form-data.' });
    }
    const pgCode = pgErrorCode(err);
    if (pgCode === '23505') {
      return reply.code(409).send({ detail: 'This record already exists.', code: 'ALREADY_EXISTS' });
    }
    if (pgCode === '23503')
      return reply
        .code(409)
        .send({ detail: 'This record is linked to other records.', code: 'LINKED_RECORDS' });
    // The disk is full (PostgreSQL's disk_full, or the file system's ENOSPC under the embedded
    // database): the transaction rolled back, so nothing of this request was kept, and the server goes
    // on once space is freed.
    if (
      pgCode === '53100' ||
      (err as NodeJS.ErrnoException).code === 'ENOSPC' ||
      /No space left on device/.test(err.message ?? '')
    ) {
      request.log.error({ err: withoutSqlValues(err) }, 'disk full: the request was not saved');
      return reply
        .code(503)
        .header('retry-after', '60')
        .send({ detail: fillSentence('common.diskFull', {}), code: 'DISK_FULL' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: err.message });
    }
    // The multipart parser throws plain errors for a body that is not well formed (no boundary, cut
    // off after the part headers): the sender's fault, for every upload route.
    if (isMultipart(request.headers['content-type']) && MULTIPART_FAULT.test(err.message ?? '')) {
      return reply
        .code(400)
        .send({ detail: 'The upload is not well-formed multipart/form-data.', code: 'BAD_MULTIPART' });
    }
    request.log.error({ err: withoutSqlValues(err) }, 'request failed');
    return reply.code(500).send({ detail: 'Internal Server Error', code: 'INTERNAL_ERROR' });
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.code(404).send({ detail: 'Not Found', code: 'ROUTE_NOT_FOUND' });
  });
}

const isMultipart = (contentType: string | undefined) => /^multipart\//i.test(contentType ?? '');
const MULTIPART_FAULT = /multipart|boundary|part header|part terminated|unexpected end of/i;

function formatMb(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
}

export default fp(errorsPlugin, { name: 'errors' });
