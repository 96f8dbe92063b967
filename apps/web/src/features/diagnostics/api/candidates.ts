import { BACKEND_DEFAULT_PORT } from './probe';

export interface ApiCandidate {
  label: string;
  url: string;
}

/**
 * Where the API may be, derived from the page's own address (spec §2, API Connection Test): the same
 * machine on the backend's port, this site's /api (how Pledge Desk is normally installed: one server
 * for both), and this computer on the backend's port. No fixed LAN address: every branch has its own.
 */
export function candidateApiAddresses(
  location: Pick<Location, 'protocol' | 'hostname' | 'origin'>,
): ApiCandidate[] {
  const protocol = location.protocol === 'https:' ? 'https:' : 'http:';
  const host = location.hostname.includes(':') ? `[${location.hostname}]` : location.hostname;
  const list: ApiCandidate[] = [
    {
      label: `This server on port ${BACKEND_DEFAULT_PORT}`,
      url: `${protocol}//${host}:${BACKEND_DEFAULT_PORT}/api`,
    },
    { label: 'This site', url: `${location.origin}/api` },
    { label: 'This computer (localhost)', url: `http://localhost:${BACKEND_DEFAULT_PORT}/api` },
    { label: 'This computer (127.0.0.1)', url: `http://127.0.0.1:${BACKEND_DEFAULT_PORT}/api` },
  ];
  const seen = new Set<string>();
  return list.filter((c) => {
    if (seen.has(c.url)) return false;
    seen.add(c.url);
    return true;
  });
}

/** A DNS name (labels of letters, digits and inner hyphens), an IPv4 address, or a bracketed IPv6 one. */
function isHostName(hostname: string): boolean {
  if (/^\[[0-9a-f:.]+\]$/i.test(hostname)) return true;
  return hostname.split('.').every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(label));
}

/**
 * A typed address made usable: trimmed, without a trailing slash, with http:// when no scheme was
 * typed ('192.168.1.20:8000/api'). Null when it is not an http(s) address.
 */
export function normaliseApiAddress(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed === '') return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    // A server's name or address only: no user:password@, ?query or #part, and no host the URL
    // parser merely tolerated ('http://not%20a%20host'), which would then fail on every request.
    if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') return null;
    if (!isHostName(url.hostname)) return null;
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return null;
  }
}
