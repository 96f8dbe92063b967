/**
 * An error as the log may keep it: without the values of a failed query (a failed customer
 * save logged the customer's name, phone and address). Drizzle puts `params: …` in its message and a
 * `params` field; PostgreSQL's `detail` (`Key (mobile)=(98…) already exists.`) and `where` repeat
 * values too. What stays: the SQL text with its `$1` placeholders, the codes, the constraint, the stack.
 */
export function withoutSqlValues(err: unknown): unknown {
  if (!isDatabaseError(err)) return err;
  return scrub(err, 0);
}

function isDatabaseError(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const o = e as Record<string, unknown>;
    if ('params' in o || 'query' in o || typeof o.severity === 'string' || typeof o.routine === 'string')
      return true;
    e = o.cause;
  }
  return false;
}

const stripParams = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [hidden]');

function scrub(err: unknown, depth: number): unknown {
  if (!err || typeof err !== 'object' || depth > 5) return undefined;
  const e = err as Record<string, unknown>;
  const safe: Record<string, unknown> = {
    type: (e.constructor as { name?: string } | undefined)?.name ?? 'Error',
    message: typeof e.message === 'string' ? stripParams(e.message) : undefined,
  };
  if (typeof e.stack === 'string') safe.stack = stripParams(e.stack);
  if (typeof e.query === 'string') safe.query = e.query;
  for (const key of [
    'code',
    'constraint',
    'table',
    'column',
    'schema',
    'severity',
    'routine',
    'statusCode',
  ]) {
    if (e[key] !== undefined) safe[key] = e[key];
  }
  if (e.cause) safe.cause = scrub(e.cause, depth + 1);
  return safe;
}

/** pino serializer for `err`: the usual fields, without query values. */
export function safeErrSerializer(err: Error): {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
} {
  if (isDatabaseError(err)) {
    const safe = scrub(err, 0) as Record<string, unknown>;
    return {
      ...safe,
      type: String(safe.type),
      message: String(safe.message),
      stack: String(safe.stack ?? ''),
    };
  }
  const e = err as unknown as Record<string, unknown>;
  return {
    type: err?.constructor?.name ?? 'Error',
    message: String(err?.message),
    stack: String(err?.stack ?? ''),
    ...(e?.code !== undefined ? { code: e.code } : {}),
    ...(e?.statusCode !== undefined ? { statusCode: e.statusCode } : {}),
  };
}

/**
 * A request's URL as the log keeps it: the path, and the names of its query's
 * parameters with every value hidden. A query carries secrets (a file link's `exp` and `sig`, valid an
 * hour; a token a client puts there) and personal data (a customer's name or phone typed into a
 * search), so no value is logged, not only those of names known to be secret: the next route's secret
 * would not be on a list. `/api/files/7?exp=1790000000&sig=abc` → `/api/files/7?exp=[hidden]&sig=[hidden]`.
 */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const names = url
    .slice(at + 1)
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const name = part.split('=')[0] ?? '';
      // A name is the caller's text too: bounded, and kept only when it looks like a parameter name.
      return /^[\w.[\]-]{1,40}$/.test(name) ? name : '?';
    });
  return names.length === 0
    ? url.slice(0, at)
    : `${url.slice(0, at)}?${names.map((n) => `${n}=[hidden]`).join('&')}`;
}

/** pino serializer for `req`: Fastify's fields, with the URL's query values hidden (`loggableUrl`). */
export function safeReqSerializer(req: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}): Record<string, unknown> {
  return {
    method: req.method,
    url: loggableUrl(req.url),
    version: req.headers?.['accept-version'],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
