import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startFirstRequests } from './app/first-requests';
import { AppProviders } from './app/providers';
import { languageReady } from './lib/i18n/language';
import { applyTheme } from './lib/theme';

// Before the first paint, so a dark-theme user never sees a white flash.
applyTheme();
// A signed-in reader's first screen asks its questions now, beside its code, not after it.
startFirstRequests();

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
