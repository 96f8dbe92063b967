import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  bearer,
  createTestApp,
  login,
  mainCompanyId,
  seedCompanyWithUser,
  type TestApp,
  testDbKind,
} from '../test/test-app.ts';

/**
 * The route fuzzer: reads the app's own OpenAPI document, so every route there is, and
 * every route added later, is walked with no line written for it. Each operation gets generated bad
 * input as an admin with a valid company: wrong types, boundary numbers, NUL and 100,000-character
 * text, bad ids in the path, malformed JSON, wrong content types, broken multipart. No answer may be
 * a 5xx or show internals (a stack, SQL, the ORM, a file path).
 *
 * Fixed seed, so a failure comes back the same on the next run; FUZZ_RUNS sets the requests per
 * operation (default below; the run time per database is in docs/performance.md).
 */

const SEED = 20261122;
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
}

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  query: Record<string, JsonSchema>;
  body?: JsonSchema;
}

interface Failure {
  op: string;
  request: string;
  status: number;
  body: string;
}

// ---- values -------------------------------------------------------------------------------------

const HUGE = 'x'.repeat(100_000);
const numbers = [
  -1,
  0,
  1,
  0.001,
  1.005,
  -0.5,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  2 ** 53 - 1,
  -(2 ** 53),
  1e308,
  9_999_999_999.99,
  10_000_000_000,
  999_999_999_999.99,
  1e15,
];
const strings = [
  '',
  ' ',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '2147483648',
  '9007199254740991',
  '1e3',
  '0x10',
  '+1',
  '00001',
  '\u0000',
  'a\u0000b',
  HUGE,
  'த'.repeat(300),
  '9999-12-31',
  '0001-01-01',
  '2026-02-30',
  '2026-13-01',
  '31/12/2026',
  "' or 1=1 --",
  '%s%n%x',
  '\u202eevil',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'Lakshmi',
];
const badScalar = fc.constantFrom<unknown>(null, true, false, [], {}, ...numbers, ...strings);

/** A value that fits the schema's shape (so validation gets past the first field), mostly. */
function validish(schema: JsonSchema | undefined, depth: number): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return badScalar;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => value(s, depth + 1)));
  if (schema.allOf?.length) return value(schema.allOf[0], depth + 1);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return fc.constantFrom('Lakshmi', '2026-10-01', 'abc', '9876543210', 'A-1', 'Gold');
    case 'integer':
      return fc.constantFrom(1, 2, 3, 5, 40);
    case 'number':
      return fc.constantFrom(1, 100, 2500.5, 0);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.oneof(
        { arbitrary: fc.array(value(schema.items, depth + 1), { maxLength: 4 }), weight: 5 },
        // Past any line limit: 250 and 8,192 items (the bind-parameter limit of PostgreSQL).
        {
          arbitrary: fc
            .constantFrom(250, 8192)
            .chain((n) => value(schema.items, depth + 1).map((v) => Array(n).fill(v))),
          weight: 1,
        },
      );
    case 'object':
    case undefined: {
      const props = schema.properties ?? {};
      const keys = Object.keys(props);
      if (keys.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), badScalar, { maxKeys: 3 });
      return fc.record(Object.fromEntries(keys.map((k) => [k, value(props[k], depth + 1)])), {
        requiredKeys: [],
      });
    }
    default:
      return badScalar;
  }
}

function value(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: validish(schema, depth), weight: 3 }, { arbitrary: badScalar, weight: 1 });
}

/** A plausible value for a field, guessed from its schema and name. */
function plausible(schema: JsonSchema | undefined, name: string, depth = 0): unknown {
  if (!schema || depth > 5) return 'Lakshmi';
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alternatives?.length)
    return plausible(alternatives.find((a) => a.type !== 'null') ?? alternatives[0], name, depth + 1);
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (/date|^from$|^to$|as_of/.test(name)) return '2026-10-01';
      if (/mobile|phone/.test(name)) return '9876543210';
      if (/pincode/.test(name)) return '625001';
      if (/password/.test(name)) return 'a-good-password';
      return `${name.replace(/_/g, ' ')} x`.slice(0, 20);
    case 'integer':
      return /_id$|^id$|Id$/.test(name) ? 1 : 3;
    case 'number':
      return 100;
    case 'boolean':
      return true;
    case 'array':
      return [plausible(schema.items, name, depth + 1), plausible(schema.items, name, depth + 1)];
    default: {
      const props = schema.properties ?? {};
      return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, plausible(v, k, depth + 1)]));
    }
  }
}

type Path = (string | number)[];
function leafPaths(v: unknown, path: Path = [], out: Path[] = []): Path[] {
  if (v !== null && typeof v === 'object') {
    const entries = Array.isArray(v) ? v.map((x, i) => [i, x] as const) : Object.entries(v);
    for (const [k, x] of entries) leafPaths(x, [...path, k], out);
  }
  out.push(path);
  return out;
}
function setAt(v: unknown, path: Path, to: unknown): unknown {
  if (path.length === 0) return to;
  const copy = structuredClone(v) as Record<string | number, unknown>;
  let cur = copy;
  for (const k of path.slice(0, -1)) cur = cur[k] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (to === undefined) delete cur[last];
  else cur[last] = to;
  return copy;
}

/** A plausible value with one field, anywhere in it, made bad (or left out). */
function mutated(schema: JsonSchema | undefined, name = ''): fc.Arbitrary<unknown> {
  const base = plausible(schema, name);
  const paths = leafPaths(base);
  return fc
    .tuple(
      fc.nat(paths.length - 1),
      fc.oneof({ arbitrary: badScalar, weight: 9 }, { arbitrary: fc.constant(undefined), weight: 1 }),
    )
    .map(([i, bad]) => setAt(base, paths[i] ?? [], bad));
}

const pathValue = fc.constantFrom(
  '1',
  '2',
  '3',
  '40',
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '9007199254740991',
  '99999999999999999999',
  '0x10',
  '+1',
  '00001',
  '1e3',
  '1.5',
  'NaN',
  'abc',
  '\u0000',
  'A\u00001',
  'x'.repeat(300),
  ' 1',
  'த',
);

const queryValue = (schema: JsonSchema, name: string) =>
  fc.oneof(
    { arbitrary: fc.constant(String(plausible(schema, name))), weight: 3 },
    { arbitrary: validish(schema, 0).map((v) => String(v)), weight: 1 },
    { arbitrary: fc.constantFrom(...strings.filter((s) => s !== HUGE), 'x'.repeat(5000)), weight: 2 },
    { arbitrary: fc.string({ maxLength: 20 }), weight: 1 },
  );

/** How the body travels: JSON of a generated value, or something that is not JSON at all. */
type BodyKind =
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string; payload: string | Buffer };

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const rawBodies: BodyKind[] = [
  { kind: 'raw', contentType: 'application/json', payload: '{"a":' },
  { kind: 'raw', contentType: 'application/json', payload: '' },
  {
    kind: 'raw',
    contentType: 'application/json',
    payload: '{"__proto__":{"x":1},"constructor":{"prototype":{}}}',
  },
  { kind: 'raw', contentType: 'application/json', payload: `"${'\\u0000'}"` },
  { kind: 'raw', contentType: 'text/plain', payload: 'hello' },
  { kind: 'raw', contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=2' },
  { kind: 'raw', contentType: 'application/xml', payload: '<a/>' },
  { kind: 'raw', contentType: 'multipart/form-data', payload: 'no boundary' },
  {
    kind: 'raw',
    contentType: 'multipart/form-data; boundary=XyZ',
    payload:
      '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
  },
  {
    kind: 'raw',
    contentType: 'multipart/form-data; boundary=XyZ',
    payload: Buffer.concat([
      Buffer.from(
        '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
      ),
      PNG,
      Buffer.from('\r\n--XyZ--\r\n'),
    ]),
  },
  {
    kind: 'raw',
    contentType: 'multipart/form-data; boundary=XyZ',
    payload: '--XyZ\r\nContent-Disposition: form-data; name="other\u0000"\r\n\r\nvalue\r\n--XyZ--\r\n',
  },
];

const bodyOf = (schema: JsonSchema | undefined): fc.Arbitrary<BodyKind> =>
  fc.oneof(
    { arbitrary: mutated(schema).map((v): BodyKind => ({ kind: 'json', value: v })), weight: 8 },
    {
      arbitrary: validish(schema ?? { type: 'object' }, 0).map((v): BodyKind => ({ kind: 'json', value: v })),
      weight: 3,
    },
    { arbitrary: badScalar.map((v): BodyKind => ({ kind: 'json', value: v })), weight: 1 },
    { arbitrary: fc.constantFrom(...rawBodies), weight: 2 },
  );

// ---- the walk -----------------------------------------------------------------------------------

/** Text that only internals would put in an answer. */
const INTERNALS =
  /node_modules|\/work\/|\/src\/[\w/-]+\.ts|\.ts:\d+|\n\s+at |drizzle|Failed query|\binsert into\b|\bselect\b[^"]{0,200}\bfrom\b|pglite|violates|syntax error|invalid input syntax|pg_/i;

function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters ?? []) as { in: string; name: string; schema?: JsonSchema }[];
      const content = (op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)
        ?.content;
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: Object.fromEntries(
          params.filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}]),
        ),
        body: content?.['application/json']?.schema,
      });
    }
  }
  return ops;
}

function requestArbitrary(op: Operation) {
  const hasBody = op.method === 'POST' || op.method === 'PUT' || op.method === 'PATCH';
  return fc.record({
    path: fc.record(Object.fromEntries(op.pathParams.map((p) => [p, pathValue]))),
    query: fc.record(Object.fromEntries(Object.entries(op.query).map(([k, s]) => [k, queryValue(s, k)])), {
      requiredKeys: [],
    }),
    extraQuery: fc.option(fc.constantFrom('id=1e3', 'skip=-1', 'limit=99999999999', 'x=%00', 'a[b]=1'), {
      freq: 4,
    }),
    body: hasBody ? bodyOf(op.body).map((b) => b as BodyKind | undefined) : fc.constant(undefined),
    company: fc.oneof(
      { arbitrary: fc.constant('valid'), weight: 8 },
      { arbitrary: fc.constantFrom('', '0', '2147483648', '9999999999', 'abc', '1 ', '-1'), weight: 1 },
    ),
    idempotencyKey: fc.option(fc.constantFrom('k-1', 'x'.repeat(500), 'a\u0000b', ''), { freq: 3 }),
  });
}

type FuzzRequest = ReturnType<typeof requestArbitrary> extends fc.Arbitrary<infer R> ? R : never;

function toInject(op: Operation, r: FuzzRequest, token: string, companyId: number): InjectOptions {
  let url = op.path;
  for (const [name, v] of Object.entries(r.path))
    url = url.replace(`{${name}}`, encodeURIComponent(String(v)));
  const pairs = Object.entries(r.query).map(([k, v]): [string, string] => [k, String(v)]);
  const search = new URLSearchParams(pairs).toString();
  const query = [search, r.extraQuery ?? ''].filter(Boolean).join('&');
  if (query) url += `?${query}`;
  const headers: Record<string, string> = { ...bearer(token) };
  headers['x-company-id'] = r.company === 'valid' ? String(companyId) : r.company;
  if (r.idempotencyKey !== null) headers['idempotency-key'] = r.idempotencyKey;
  const options: InjectOptions = { method: op.method as InjectOptions['method'], url, headers };
  if (r.body?.kind === 'json') {
    headers['content-type'] = 'application/json';
    options.payload = JSON.stringify(r.body.value) ?? 'null';
  } else if (r.body?.kind === 'raw') {
    headers['content-type'] = r.body.contentType;
    options.payload = r.body.payload;
  }
  // Guessed passwords come from elsewhere than the admin's own address, whose sign-in the walk needs.
  if (op.path.endsWith('/auth/login')) options.remoteAddress = '10.66.0.1';
  return options;
}

const describeRequest = (o: InjectOptions) => {
  const payload = typeof o.payload === 'string' ? o.payload : o.payload ? '<bytes>' : '';
  return `${o.method} ${String(o.url).slice(0, 300)} ${JSON.stringify({ ...(o.headers as object), authorization: undefined })} ${payload.slice(0, 300)}`;
};

let t: TestApp;
let companyId: number;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  companyId = await mainCompanyId(t);
  token = await login(t.app, 'admin', ADMIN_PASSWORD);
  // Rows for ids 1 to 3 to point at, so a route gets past "not found" now and then.
  await seedCompanyWithUser(t, { username: 'fuzz.clerk', password: 'fuzz-clerk-pass' });
  for (const [i, name] of ['Lakshmi', 'Murugan', 'Selvi'].entries()) {
    await t.app.inject({
      method: 'POST',
      url: '/api/customers/',
      headers: { ...bearer(token), 'x-company-id': String(companyId) },
      payload: {
        customer_name: name,
        guardian_name: 'Raman',
        mobile_number: `987654321${i}`,
        door_no: '1',
        street: 'Main Street',
        location: 'Madurai',
        district: 'Madurai',
        pincode: '625001',
      },
    });
  }
}, 120_000);
afterAll(async () => t?.close());

describe(`the route fuzzer (${testDbKind})`, () => {
  it('answers every route of the OpenAPI document without a 5xx or internals', {
    timeout: 600_000,
  }, async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThan(50);
    const failures: Failure[] = [];
    const started = Date.now();
    let requests = 0;

    for (const op of ops) {
      const name = `${op.method} ${op.path}`;
      // Each valid request of POST /system/backups takes and checks a whole backup (1–2 s): a few do.
      const runs = name === 'POST /api/system/backups' ? Math.min(RUNS, 6) : RUNS;
      const samples = fc.sample(requestArbitrary(op), { seed: SEED, numRuns: runs });
      for (const r of samples) {
        const options = toInject(op, r, token, companyId);
        const res = await t.app.inject(options);
        requests++;
        const bad =
          res.statusCode >= 500 ||
          (res.statusCode >= 400 && INTERNALS.test(res.body)) ||
          /\n\s+at /.test(res.body);
        if (bad) {
          failures.push({
            op: name,
            request: describeRequest(options),
            status: res.statusCode,
            body: res.body.slice(0, 300),
          });
        }
        // The walk signs itself out (POST /auth/logout) or changes its own user; sign in again.
        if (res.statusCode === 401 && !op.path.endsWith('/auth/login')) {
          token = await login(t.app, 'admin', ADMIN_PASSWORD);
        }
      }
    }
    const seconds = (Date.now() - started) / 1000;
    console.info(
      `fuzzer (${testDbKind}): ${ops.length} operations, ${requests} requests in ${seconds.toFixed(1)} s`,
    );
    // One line per operation and status is enough to see what broke.
    const seen = new Set<string>();
    const distinct = failures.filter((f) => {
      const key = `${f.op} ${f.status}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    expect(distinct).toEqual([]);
  });
});
