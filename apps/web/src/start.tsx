import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { AppProviders } from './app/providers';
import { languageReady } from './lib/i18n/language';

/**
 * The app itself (React, the providers, the sign-in screen), imported by main.tsx once the first
 * signed-in screen's questions and code are on their way; index.html asks for this file and its
 * imports beside main.tsx's own (the build's `startPreload`), so the sign-in screen waits no longer.
 */
export function start(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  // A Tamil reader's first paint is in Tamil: the Tamil pack comes first (at once in dev).
  void languageReady().finally(() =>
    createRoot(root).render(
      <StrictMode>
        <AppProviders>
          <App />
        </AppProviders>
      </StrictMode>,
    ),
  );
}
