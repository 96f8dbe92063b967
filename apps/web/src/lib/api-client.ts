import { readStorage, removeStorage, storageKeys } from './storage';

export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection.';

/** One field error of a FastAPI-shaped 422 body: `{loc: ['body', 'field'], msg, type}`. */
export interface FieldErrorItem {
  loc: (string | number)[];
  msg: string;
  type?: string;
  /** The sentence's stable code (SENTENCES in the domain) and its parameters, when it has one. */
  code?: string;
  params?: Readonly<Record<string, string>>;
}

/**
 * Where a 422 item points, without the request part it came in: `['body', 'lines', 2, 'amount']` →
 * `lines.2.amount`, the react-hook-form path of that row's field. `['body']` alone is the whole body: ''.
 */
export function fieldPath(loc: readonly (string | number)[]): string {
  const [first, ...rest] = loc;
  const parts = first === 'body' || first === 'query' || first === 'path' ? rest : loc;
  return parts.map(String).join('.');
}

/** An error answer of the API (or no answer at all: status 0), with a sentence fit for a clerk. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly detail: unknown;
  /**
   * The server's stable `code` when it sent one (`IDEMPOTENCY_IN_PROGRESS`, `PLEDGE_CLOSED`…): two 409s
   * with different causes are told apart by it, never by their sentence.
   */
  readonly code: string | null;
  /** The raw 422 list, so a form can put each message under its field. */
  readonly fieldErrors: FieldErrorItem[];
  /** The code of the answer's sentence (SENTENCES in the domain) and its parameters, when it has one. */
  messageCode: string | null = null;
  messageParams: Readonly<Record<string, string>> | null = null;

  constructor(
    status: number,
    message: string,
    detail: unknown = null,
    fieldErrors: FieldErrorItem[] = [],
    code: string | null = null,
  ) {
    super(message);
    this.status = status;
    this.detail = detail;
    this.fieldErrors = fieldErrors;
    this.code = code;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /**
   * Field path → message, the first message for each path. The whole path is kept
   * (`['body', 'items', 2, 'net_weight']` → `items.2.net_weight`), so a message about one row of a
   * table reaches that row; a plain field stays its name (`['body', 'phone']` → `phone`).
   */
  fieldMessages(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const item of this.fieldErrors) {
      const field = fieldPath(item.loc);
      if (field && !(field in out)) out[field] = item.msg;
    }
    return out;
  }
}

function isFieldErrorItem(value: unknown): value is FieldErrorItem {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return Array.isArray(v.loc) && typeof v.msg === 'string';
}

function fieldLabel(item: FieldErrorItem): string {
  const path = fieldPath(item.loc);
  return path ? `${path}: ` : '';
}

/**
 * Turns an error body into an ApiError: `detail` as a string, or a 422 list joined into one sentence,
 * and the `code` riding along when there is one.
 */
export function toApiError(status: number, body: unknown, statusText = ''): ApiError {
  const record =
    typeof body === 'object' && body !== null
      ? (body as { detail?: unknown; code?: unknown; message_code?: unknown; message_params?: unknown })
      : {};
  const detail = record.detail;
  const code = typeof record.code === 'string' && record.code !== '' ? record.code : null;
  if (typeof detail === 'string' && detail.trim() !== '') {
    const error = new ApiError(status, detail, detail, [], code);
    if (typeof record.message_code === 'string') {
      error.messageCode = record.message_code;
      const params = record.message_params;
      error.messageParams =
        typeof params === 'object' && params !== null ? (params as Record<string, string>) : null;
    }
    return error;
  }
  if (Array.isArray(detail)) {
    const items = detail.filter(isFieldErrorItem);
    if (items.length > 0) {
      const message = items.map((item) => `${fieldLabel(item)}${item.msg}`).join('; ');
      return new ApiError(status, message, detail, items, code);
    }
  }
  const text = typeof body === 'string' && body.trim() !== '' && body.length < 300 ? body.trim() : '';
  return new ApiError(
    status,
    text || `Request failed with status ${status}${statusText ? ` ${statusText}` : ''}`,
    detail ?? null,
    [],
    code,
  );
}

export function getApiBaseUrl(): string {
  const override = readStorage(storageKeys.apiBaseUrl)?.trim();
  const base = override ? override : '/api';
  return base.replace(/\/+$/, '');
}

function selectedCompanyId(): number | null {
  const raw = readStorage(storageKeys.selectedCompany);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    const id = typeof parsed === 'object' && parsed !== null ? (parsed as { id?: unknown }).id : undefined;
    return typeof id === 'number' && Number.isInteger(id) ? id : null;
  } catch {
    return null;
  }
}

/**
 * What happens on a 401 outside the login call (spec §7): the token goes and the page reloads, which
 * shows the sign-in screen. Replaceable so tests can watch it instead of reloading jsdom.
 */
let onUnauthorized: () => void = () => {
  removeStorage(storageKeys.accessToken);
  window.location.reload();
};

export function setUnauthorizedHandler(handler: () => void): () => void {
  const previous = onUnauthorized;
  onUnauthorized = handler;
  return () => {
    onUnauthorized = previous;
  };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  /** A plain value is sent as JSON; FormData goes as it is, with the browser's multipart boundary. */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
  /**
   * The company this call names in X-Company-Id instead of the session's (the dashboard's branch
   * selector reads another branch without changing the session's company). The server still checks it.
   */
  companyId?: number;
  signal?: AbortSignal;
  /**
   * The login call reads its own 401 ("Invalid username or password") and Sign Out clears the session
   * anyway, so neither may trigger the reload.
   */
  skipUnauthorizedHandler?: boolean;
  /** Sign Out fires its call while the page moves on. */
  keepalive?: boolean;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = `${getApiBaseUrl()}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * GETs started before any screen asked (app/first-requests.ts, from main.tsx: the first screen's
 * questions go out beside its code instead of after it), by URL and company, each taken once by the
 * first call that asks the same within EARLY_FOR_MS.
 */
const early = new Map<string, { at: number; answer: Promise<{ body: unknown; headers: Headers }> }>();
const EARLY_FOR_MS = 15_000;

function earlyKey(path: string, query: RequestOptions['query']): string {
  return `${buildUrl(path, query)} ${selectedCompanyId() ?? ''}`;
}

/** Starts GET `path` now for the screen that will ask it (its answer, or its error, waits for it). */
export function startEarly(path: string, query?: RequestOptions['query']): void {
  const key = earlyKey(path, query);
  if (early.has(key)) return;
  const answer = send<unknown>(path, query ? { query } : {});
  // Nobody may take it (the screen changed its mind): its error is not an unhandled rejection.
  answer.catch(() => {});
  early.set(key, { at: Date.now(), answer });
}

/** The early requests not taken yet (the tests check that the first screen takes every one). */
export function earlyRequestsWaiting(): string[] {
  return [...early.keys()];
}

/** Forgets the early requests not taken (a test's own start). */
export function forgetEarlyRequests(): void {
  early.clear();
}

/**
 * Calls the API and resolves with the parsed body and the answer's headers (a paged list's
 * X-Total-Count), or rejects with an ApiError.
 */
export async function apiRequestWithHeaders<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ body: T; headers: Headers }> {
  if (early.size > 0 && (options.method ?? 'GET') === 'GET' && options.body === undefined) {
    const key = options.companyId === undefined ? earlyKey(path, options.query) : null;
    const started = key === null ? undefined : early.get(key);
    if (key !== null && started) {
      early.delete(key);
      if (Date.now() - started.at < EARLY_FOR_MS && !options.headers)
        return started.answer as Promise<{ body: T; headers: Headers }>;
    }
  }
  return send<T>(path, options);
}

async function send<T>(path: string, options: RequestOptions): Promise<{ body: T; headers: Headers }> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = readStorage(storageKeys.accessToken);
  if (token) headers.Authorization = `Bearer ${token}`;
  const companyId = options.companyId ?? selectedCompanyId();
  if (companyId !== null) headers['X-Company-Id'] = String(companyId);

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  if (response.status === 401 && !options.skipUnauthorizedHandler) {
    onUnauthorized();
    // The page is reloading; nothing after this call should run (spec §7: "never resolves").
    return new Promise<{ body: T; headers: Headers }>(() => {});
  }

  const parsed = await readBody(response);
  if (!response.ok) throw toApiError(response.status, parsed, response.statusText);
  return { body: parsed as T, headers: response.headers };
}

/** Calls the API and resolves with the parsed body, or rejects with an ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequestWithHeaders<T>(path, options)).body;
}

/**
 * A new Idempotency-Key for a money-moving POST (docs/decisions.md, "The server and its API"): 128 random
 * bits as hex. From `getRandomValues`, which works on plain http too (a branch's LAN address), unlike
 * `randomUUID`.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The key for a form's submission: the same while the same body is sent again (a retry after a lost
 * answer gets the first answer back, not a second record), a new one once the body changes.
 */
export function idempotencyKeyFor(previous: { key: string; body: string } | null, body: unknown) {
  const text = JSON.stringify(body);
  return previous && previous.body === text ? previous : { key: newIdempotencyKey(), body: text };
}
