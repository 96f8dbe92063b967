import './index.css';
import { startFirstRequests } from './app/first-requests';
import { applyTheme } from './lib/theme';

// Before the first paint, so a dark-theme user never sees a white flash.
applyTheme();
// The entry is this small file: a signed-in reader's first screen asks its questions and the code of
// the router and the dashboard as soon as it has run, while the app's own code (start.tsx: React, the
// providers, the sign-in screen) is still coming, instead of after that code has come and run
// (Lighthouse mobile, the dashboard's LCP; issue 32).
startFirstRequests();
void import('./start').then(({ start }) => start());
