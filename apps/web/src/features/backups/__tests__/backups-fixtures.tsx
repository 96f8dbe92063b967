import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppProviders } from '@/app/providers';
import type { User } from '@/lib/session-types';
import { adminUser, mainBranch, seedSession } from '@/test/helpers';
import type { BackupRun, Backups } from '../api/get-backups';
import { BackupBanner } from '../attention/backup-banner';
import { BackupsCard } from '../components/backups-card';

export const BACKUPS_URL = 'GET /api/system/backups';
export const BACK_UP_NOW = 'POST /api/system/backups';

const HOUR = 3_600_000;
/** An instant `hours` (and a few minutes) before now, as the API writes it. */
export const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR - 5 * 60_000).toISOString();

export function run(patch: Partial<BackupRun> = {}): BackupRun {
  return {
    id: 1,
    trigger: 'schedule',
    status: 'good',
    started_at: hoursAgo(3),
    finished_at: hoursAgo(3),
    file_name: 'pledge-desk-main-branch-2026-11-29-2100.pdbk',
    size_bytes: 5_452_595,
    duration_ms: 2100,
    verify_ms: 900,
    reason: null,
    reason_code: null,
    reason_params: null,
    file_present: true,
    ...patch,
  };
}

export function backups(patch: Partial<Backups> = {}): Backups {
  const good = run();
  return {
    folder: '/srv/pledge-desk/backups',
    schedule: { at: '21:00', keep: 14, after_day_close: true },
    encrypted: false,
    database_kind: 'pglite',
    attention: null,
    last_good: good,
    runs: [good, run({ id: 0, trigger: 'day_close', started_at: hoursAgo(20), finished_at: hoursAgo(20) })],
    ...patch,
  };
}

/** Where the page is: the banner's link lands on /dashboard with ?show=backups. */
function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** The card on /dashboard and the banner above it, as the shell and the dashboard route show them. */
export function renderBackups({
  user = adminUser,
  path = '/dashboard',
}: {
  user?: User;
  path?: string;
} = {}) {
  seedSession({ user, company: mainBranch });
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <BackupBanner />
        <Where />
        <Routes>
          <Route path="/dashboard" element={<BackupsCard />} />
          <Route path="/elsewhere" element={<p>elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}
