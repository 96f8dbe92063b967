/** The local storage keys of spec §3, in one place. */
export const storageKeys = {
  accessToken: 'access_token',
  user: 'user',
  selectedCompany: 'selected_company',
  theme: 'theme',
  apiBaseUrl: 'api_base_url',
  /** The interface language chosen on this browser: 'en' or 'ta'. */
  language: 'language',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

// Private browsing and full quotas make storage throw; the app then behaves as signed out instead of crashing.
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Nothing sensible to do: the session then lasts as long as the page.
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // See writeStorage.
  }
}
