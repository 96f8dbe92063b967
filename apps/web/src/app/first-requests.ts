import { startEarly } from '@/lib/api-client';
import { readStorage, type StorageKey, storageKeys } from '@/lib/storage';

/**
 * The questions the first signed-in screen asks, sent from main.tsx as soon as the app's first file
 * runs, instead of after the shell's and the screen's code have come (on a slow link that was a second
 * of waiting: Lighthouse mobile, the dashboard's LCP). Each is the same GET the screen makes
 * (api-client's `startEarly`): the screen takes the answer when it asks. The shell asks the signed-in
 * user, the branches for the header, the branch's compliance settings and, for an admin, the backups;
 * the dashboard its figures and, for an admin, the branches for its selector.
 * `app/__tests__/first-requests.test.tsx` checks the first screen takes every one and asks none twice.
 *
 * The code of the signed-in shell (the router) and of the dashboard, the screen most first visits
 * open, are asked for at the same time: the browser fetches them beside the questions, not one after
 * the other (the same imports as app.tsx and router.tsx, so each is fetched once).
 */
export function startFirstRequests(hash = window.location.hash): void {
  if (!readStorage(storageKeys.accessToken)) return;
  const companyId = storedNumber(storageKeys.selectedCompany, 'id');
  if (companyId === null) return;
  const admin = storedText(storageKeys.user, 'role') === 'admin';
  // A failed fetch is the screen's to show when it asks again (route-error.tsx).
  import('./router').catch(() => {});
  startEarly('/users/me');
  startEarly('/companies/', { skip: 0, limit: 10 });
  startEarly(`/companies/${companyId}/compliance`);
  if (admin) startEarly('/system/backups');
  const route = hash.replace(/^#/, '').split('?')[0]!;
  if (route === '' || route === '/' || route === '/dashboard') {
    import('./composed/dashboard-route').catch(() => {});
    startEarly('/dashboard');
    if (admin) startEarly('/companies/', { skip: 0, limit: 100 });
  }
}

function stored(key: StorageKey): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(readStorage(key) ?? 'null');
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function storedNumber(key: StorageKey, field: string): number | null {
  const value = stored(key)?.[field];
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

function storedText(key: StorageKey, field: string): string | null {
  const value = stored(key)?.[field];
  return typeof value === 'string' ? value : null;
}
