import { useMemo, useSyncExternalStore } from 'react';
import { readStorage, storageKeys, writeStorage } from '../storage';
import { type Catalogue, installTamil, type Language, type Translate, translator } from './catalogue';
import { loadTamilPack, tamilPackNow } from './tamil-loader';

/**
 * The interface language: the signed-in user's own choice (kept on the server), else the
 * choice made on this browser (the sign-in screen's, kept in local storage), else the selected
 * company's default, else English. The session tells this store the user's and the company's; every
 * screen reads the result through `useLanguage` / `useT`.
 */

function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'ta';
}

const listeners = new Set<() => void>();
let fromSession: { user: Language | null; company: Language | null } = { user: null, company: null };
let current: Language = 'en';
/** The Tamil pack on its way (the build fetches it the first time Tamil is chosen). */
let tamilComing: Promise<void> | null = null;
update();

function resolve(): Language {
  const local = readStorage(storageKeys.language);
  return fromSession.user ?? (isLanguage(local) ? local : null) ?? fromSession.company ?? 'en';
}

/** Has the interface everything it needs to show `language`? Else fetch it and look again. */
function ready(language: Language): boolean {
  if (language === 'en' || tamilPackNow()) return true;
  tamilComing ??= loadTamilPack().then(
    (pack) => {
      installTamil(pack.TAMIL_TEXTS, pack.TAMIL_COMPILED);
      tamilComing = null;
      update();
    },
    (error: unknown) => {
      // Offline, or a build replaced under the page: English stays, and the next choice tries again.
      tamilComing = null;
      console.error('The Tamil texts could not be loaded', error);
    },
  );
  return false;
}

function update(): void {
  const next = resolve();
  // The screens switch to Tamil once its texts have come (a moment, once per visit): until then they
  // stay in the language they were in.
  if (!ready(next)) return;
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}

/** Resolves once the chosen language's texts are here (main.tsx waits for it before the first paint). */
export function languageReady(): Promise<void> {
  return tamilComing ?? Promise.resolve();
}

export function getLanguage(): Language {
  return current;
}

/** The session's part: the signed-in user's saved language and the selected company's default. */
export function setSessionLanguages(user: unknown, company: unknown): void {
  const next = { user: isLanguage(user) ? user : null, company: isLanguage(company) ? company : null };
  if (next.user === fromSession.user && next.company === fromSession.company) return;
  fromSession = next;
  update();
}

/** This browser's choice (the sign-in screen, or the avatar menu with the server's copy). */
export function chooseLanguage(language: Language): void {
  writeStorage(storageKeys.language, language);
  // A user's saved choice outranks the browser's; a new choice replaces it here at once, and the
  // server's answer (the avatar menu saves it) then agrees.
  if (fromSession.user !== null) fromSession = { ...fromSession, user: language };
  update();
}

/** Reads the stored choice again (tests, and a sign-out that forgets the user's choice). */
export function refreshLanguage(): void {
  update();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, getLanguage, () => 'en' as Language);
}

/** The texts of one catalogue in the current language: `const t = useT(signInText); t('title')`. */
export function useT<K extends string>(catalogue: Catalogue<K>): Translate<K> {
  const language = useLanguage();
  return useMemo(() => translator(catalogue, language), [catalogue, language]);
}
