import { useMemo, useSyncExternalStore } from 'react';
import { readStorage, storageKeys, writeStorage } from '../storage';
import { type Catalogue, type Language, type Translate, translator } from './catalogue';

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
let current: Language = resolve();

function resolve(): Language {
  const local = readStorage(storageKeys.language);
  return fromSession.user ?? (isLanguage(local) ? local : null) ?? fromSession.company ?? 'en';
}

function update(): void {
  const next = resolve();
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
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
