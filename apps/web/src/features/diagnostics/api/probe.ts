import { readStorage, storageKeys } from '@/lib/storage';

/** The backend's default port (shell-and-masters §9: 'Backend default port in diagnostics 8000'). */
export const BACKEND_DEFAULT_PORT = 8000;

/** What one probe of an API address found: the HTTP status (0 when nothing answered) and how long it took. */
export interface ProbeResult {
  ok: boolean;
  status: number;
  statusText: string;
  latencyMs: number;
  /** The answer's text (trimmed and cut short) or the browser's reason for no answer. */
  text: string;
}

const TIMEOUT_MS = 8000;

/**
 * Plain fetch, not the api-client: these probes try addresses other than the one in use, and a 401
 * here is a finding to show, not a reason to sign the user out and reload.
 */
export async function probe(
  url: string,
  { method = 'GET', withToken = false }: { method?: 'GET' | 'HEAD'; withToken?: boolean } = {},
): Promise<ProbeResult> {
  const headers: Record<string, string> = { Accept: 'application/json, text/plain' };
  const token = withToken ? readStorage(storageKeys.accessToken) : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  const started = performance.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    const response = await fetch(url, { method, headers, signal: controller.signal, cache: 'no-store' });
    // Read even a HEAD answer to its (empty) end, so the browser does not report it as cut short.
    const text = (await response.text()).trim().slice(0, 500);
    return {
      ok: response.ok,
      status: response.status,
      statusText: response.statusText,
      latencyMs: Math.round(performance.now() - started),
      text,
    };
  } catch (error) {
    const timedOut = controller.signal.aborted;
    return {
      ok: false,
      status: 0,
      statusText: timedOut ? 'Timed out' : 'No answer',
      latencyMs: Math.round(performance.now() - started),
      text: timedOut
        ? `No answer within ${TIMEOUT_MS / 1000} s.`
        : `The server could not be reached (${error instanceof Error ? error.message : String(error)}).`,
    };
  } finally {
    clearTimeout(timer);
  }
}

/** 'Pledge Desk API 1.2.0' at `{api}/`: the server's name and version as plain text. */
export const checkBackend = (apiBase: string) => probe(`${apiBase}/`);

/** `{api}/users/me` with the stored token: whether this session is accepted. */
export const checkSignedIn = (apiBase: string) => probe(`${apiBase}/users/me`, { withToken: true });

/** HEAD `{api}/auth/login`: whether the sign-in endpoint is there, without signing in. */
export const checkLoginEndpoint = (apiBase: string) => probe(`${apiBase}/auth/login`, { method: 'HEAD' });

/** A status line for people: '200 OK', '401 Unauthorized', 'No answer'. */
export function describeStatus(result: ProbeResult): string {
  if (result.status === 0) return result.statusText;
  return `${result.status}${result.statusText ? ` ${result.statusText}` : ''}`;
}

/** The address in use, made absolute against the page (the default '/api' becomes 'http://host/api'). */
export function absoluteApiBase(apiBase: string, location: Pick<Location, 'href'> = window.location): string {
  try {
    return new URL(apiBase, location.href).toString().replace(/\/+$/, '');
  } catch {
    return apiBase;
  }
}
