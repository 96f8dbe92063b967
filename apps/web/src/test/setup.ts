import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { refreshLanguage, setSessionLanguages } from '@/lib/i18n/language';
import { cacheComputedStyle } from './computed-style-cache';

// A test of the build's own steps runs in Node (`// @vitest-environment node`): no page to set up.
const inPage = typeof window !== 'undefined';
if (inPage) cacheComputedStyle(window);

// Lazy routes import their chunks on first use (the dashboard with its charts): slow in jsdom, and
// slower still on a machine busy with other suites.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  if (!inPage) return;
  cleanup();
  window.localStorage.clear();
  // The language store outlives a render: back to English, as a fresh page would start.
  setSessionLanguages(null, null);
  refreshLanguage();
  document.documentElement.className = '';
});
