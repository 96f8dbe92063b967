import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshLanguage } from '@/lib/i18n/language';
import { clerkUser, heldAnswer, jsonResponse, stubApi } from '@/test/helpers';
import { BACK_UP_NOW, BACKUPS_URL, backups, hoursAgo, renderBackups, run } from './backups-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  refreshLanguage();
});

const backupCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([input]) => String(input).split('?')[0] === '/api/system/backups');

describe('the Backups card', () => {
  it("shows the last good backup's age, file, folder and size, the encryption and the schedule", async () => {
    stubApi({ [BACKUPS_URL]: () => jsonResponse(backups()) });
    renderBackups();
    const card = await screen.findByRole('region', { name: 'Backups' });
    expect(await within(card).findByText('Last good backup: 3 hours ago')).toBeInTheDocument();
    expect(within(card).getAllByText('pledge-desk-main-branch-2026-11-29-2100.pdbk')).toHaveLength(1);
    expect(within(card).getByText('/srv/pledge-desk/backups')).toBeInTheDocument();
    expect(within(card).getAllByText('5.2 MB').length).toBeGreaterThan(0);
    expect(within(card).getByText('Not encrypted')).toBeInTheDocument();
    expect(within(card).getByText('Daily at 21:00 and after each day close, keeping 14')).toBeInTheDocument();
    const rows = within(within(card).getByRole('table', { name: 'Recent backups' })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Scheduled');
    expect(rows[1]).toHaveTextContent('Good');
    expect(rows[2]).toHaveTextContent('After day close');
    expect(screen.queryByTestId('backup-banner')).toBeNull();
  });

  it('says the schedule is off and the backups are encrypted when they are', async () => {
    stubApi({
      [BACKUPS_URL]: () =>
        jsonResponse(backups({ encrypted: true, schedule: { at: null, keep: 7, after_day_close: false } })),
    });
    renderBackups();
    expect(await screen.findByText('No scheduled backups: only Back up now takes one.')).toBeInTheDocument();
    expect(screen.getByText('Encrypted')).toBeInTheDocument();
  });

  it('shows an empty state when no backup has been taken, and the banner says so', async () => {
    stubApi({
      [BACKUPS_URL]: () =>
        jsonResponse(
          backups({
            last_good: null,
            runs: [],
            attention: {
              reason: 'none_yet',
              message: 'No backup has been taken yet.',
              message_code: 'backups.attention.noneYet',
              message_params: {},
            },
          }),
        ),
    });
    renderBackups();
    const card = await screen.findByRole('region', { name: 'Backups' });
    expect(await within(card).findByText('No backup has been taken yet')).toBeInTheDocument();
    expect(within(card).getByText('/srv/pledge-desk/backups')).toBeInTheDocument();
    expect(within(card).queryByRole('table')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Back up now' })).toBeEnabled();
    expect(screen.getByTestId('backup-banner')).toHaveTextContent('No backup has been taken yet.');
  });

  it('backs up now: the button waits with a progress text, the POST sends {}, a toast says it is done', async () => {
    const answer = heldAnswer<Response>();
    let taken = false;
    const fresh = run({ id: 2, trigger: 'manual', started_at: hoursAgo(0), finished_at: hoursAgo(0) });
    const fetchMock = stubApi({
      [BACKUPS_URL]: () =>
        jsonResponse(taken ? backups({ last_good: fresh, runs: [fresh, ...backups().runs] }) : backups()),
      [BACK_UP_NOW]: () => {
        taken = true;
        return answer.hold();
      },
    });
    const user = userEvent.setup();
    renderBackups();
    const button = await screen.findByRole('button', { name: 'Back up now' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByText('Backing up and checking the copy…')).toBeInTheDocument();
    expect(button).toBeDisabled();
    await answer.release(jsonResponse(fresh, 201));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Backup taken');
    expect(toast).toHaveTextContent(
      'pledge-desk-main-branch-2026-11-29-2100.pdbk (5.2 MB) is written and its copy checked.',
    );
    expect(await screen.findByText('Last good backup: 5 minutes ago')).toBeInTheDocument();
    await waitFor(() => expect(button).toBeEnabled());
    const post = backupCalls(fetchMock).find(([, init]) => init?.method === 'POST')!;
    expect(post[1]?.body).toBe('{}');
    // Read once on opening, once more after the backup.
    expect(backupCalls(fetchMock).filter(([, init]) => (init?.method ?? 'GET') === 'GET')).toHaveLength(2);
  });

  it("shows a failed backup's reason in the toast and on the card", async () => {
    let taken = false;
    const failed = run({
      id: 2,
      trigger: 'manual',
      status: 'failed',
      started_at: hoursAgo(0),
      finished_at: hoursAgo(0),
      file_name: null,
      size_bytes: null,
      reason: 'The disk of the backup folder is full: free some space and back up again.',
      reason_code: 'backups.failed.diskFull',
      reason_params: {},
    });
    stubApi({
      [BACKUPS_URL]: () => jsonResponse(taken ? backups({ runs: [failed, ...backups().runs] }) : backups()),
      [BACK_UP_NOW]: () => {
        taken = true;
        return jsonResponse(failed, 201);
      },
    });
    const user = userEvent.setup();
    renderBackups();
    const button = await screen.findByRole('button', { name: 'Back up now' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Backup failed');
    expect(toast).toHaveTextContent(
      'The disk of the backup folder is full: free some space and back up again.',
    );
    expect(await screen.findByTestId('backup-failed-reason')).toHaveTextContent(
      'The last backup failed: The disk of the backup folder is full: free some space and back up again.',
    );
    // The last good backup is still the one before.
    expect(screen.getByText('Last good backup: 3 hours ago')).toBeInTheDocument();
  });

  it('says another backup is running on a 409', async () => {
    stubApi({
      [BACKUPS_URL]: () => jsonResponse(backups()),
      [BACK_UP_NOW]: () =>
        jsonResponse(
          { detail: 'A backup is already running; wait for it to finish.', code: 'BACKUP_RUNNING' },
          409,
        ),
    });
    const user = userEvent.setup();
    renderBackups();
    const button = await screen.findByRole('button', { name: 'Back up now' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Backup not started');
    expect(toast).toHaveTextContent('A backup is already running; wait for it to finish.');
  });

  it('disables Back up now while a scheduled backup is running', async () => {
    stubApi({
      [BACKUPS_URL]: () =>
        jsonResponse(
          backups({
            runs: [run({ id: 3, status: 'running', finished_at: null, started_at: hoursAgo(0) }), run()],
          }),
        ),
    });
    renderBackups();
    expect(await screen.findByText('A backup is being taken now…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back up now' })).toBeDisabled();
  });

  it('shows an error with Try again when the backups cannot be read', async () => {
    stubApi({ [BACKUPS_URL]: () => jsonResponse({ detail: 'Server error' }, 500) });
    renderBackups();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Server error');
  });

  it('is not shown to a user who is not an admin, and nothing is asked of the server', async () => {
    const fetchMock = stubApi({ [BACKUPS_URL]: () => jsonResponse(backups()) });
    renderBackups({ user: clerkUser });
    expect(await screen.findByTestId('where')).toHaveTextContent('/dashboard');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Backups' })).toBeNull();
    expect(backupCalls(fetchMock)).toHaveLength(0);
  });
});

describe('the backups banner', () => {
  const stale = () =>
    backups({
      last_good: run({ started_at: hoursAgo(30), finished_at: hoursAgo(30) }),
      runs: [run({ started_at: hoursAgo(30), finished_at: hoursAgo(30) })],
      attention: {
        reason: 'stale',
        message: 'The last good backup is 30 hours old.',
        message_code: 'backups.attention.stale',
        message_params: { hours: 30 } as never,
      },
    });

  it("warns an admin that the last good backup is old, with a link to the dashboard's Backups card", async () => {
    stubApi({ [BACKUPS_URL]: () => jsonResponse(stale()) });
    const user = userEvent.setup();
    renderBackups({ path: '/elsewhere' });
    const banner = await screen.findByTestId('backup-banner');
    expect(banner).toHaveRole('status');
    expect(banner).toHaveTextContent('The last good backup is 30 hours old.');
    await user.click(within(banner).getByRole('link', { name: 'Go to Backups' }));
    // The card comes into view with the focus, and the mark is dropped.
    const card = await screen.findByRole('region', { name: 'Backups' });
    await waitFor(() => expect(card).toHaveFocus());
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard$/));
  });

  it('says why the last backup failed, by the reason of the failed run', async () => {
    const failed = run({
      id: 2,
      status: 'failed',
      reason: 'The backup folder is missing: create it or choose another.',
      reason_code: 'backups.failed.folderMissing',
      reason_params: {},
      file_name: null,
      size_bytes: null,
    });
    stubApi({
      [BACKUPS_URL]: () =>
        jsonResponse(
          backups({
            runs: [failed, run()],
            attention: {
              reason: 'failed',
              message: 'The last backup failed.',
              message_code: 'backups.attention.failed',
              message_params: {},
            },
          }),
        ),
    });
    renderBackups({ path: '/elsewhere' });
    const banner = await screen.findByTestId('backup-banner');
    expect(banner).toHaveRole('alert');
    expect(banner).toHaveTextContent(
      'The last backup failed: The backup folder is missing: create it or choose another.',
    );
  });

  it('is not shown to a user who is not an admin, who asks nothing of the server', async () => {
    const fetchMock = stubApi({ [BACKUPS_URL]: () => jsonResponse(stale()) });
    renderBackups({ user: clerkUser, path: '/elsewhere' });
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('backup-banner')).toBeNull();
    expect(backupCalls(fetchMock)).toHaveLength(0);
  });

  it('shows nothing when the backups need no attention, or cannot be read', async () => {
    stubApi({ [BACKUPS_URL]: () => jsonResponse({ detail: 'Forbidden' }, 403) });
    renderBackups({ path: '/elsewhere' });
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('backup-banner')).toBeNull();
  });
});

describe('backups in Tamil', () => {
  it("shows the banner and the card in Tamil, a reason by its code, one without Tamil yet in the server's English", async () => {
    window.localStorage.setItem('language', 'ta');
    refreshLanguage();
    // files.notFound has its Tamil; backups.failed.diskFull not yet (English shows).
    const notFound = run({
      id: 2,
      status: 'failed',
      reason: 'File not found.',
      reason_code: 'files.notFound',
      reason_params: {},
      file_name: null,
      size_bytes: null,
    });
    stubApi({
      [BACKUPS_URL]: () =>
        jsonResponse(
          backups({
            runs: [notFound, run()],
            attention: { reason: 'failed', message: 'The last backup failed.', message_params: null },
          }),
        ),
    });
    renderBackups();
    expect(await screen.findByTestId('backup-banner')).toHaveTextContent(
      'கடைசி காப்புப் பிரதி தோல்வியடைந்தது: கோப்பு கிடைக்கவில்லை.',
    );
    const card = screen.getByRole('region', { name: 'காப்புப் பிரதிகள்' });
    expect(within(card).getByText('கடைசி நல்ல காப்புப் பிரதி: 3 மணி நேரம் முன்பு')).toBeInTheDocument();
    expect(
      within(card).getByText('தினமும் 21:00 மணிக்கும் ஒவ்வொரு நாள் முடிவுக்குப் பிறகும்; கடைசி 14 வைக்கப்படும்'),
    ).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'இப்போதே காப்புப் பிரதி எடு' })).toBeInTheDocument();
  });

  it("falls back to the server's English for a reason whose code has no Tamil yet", async () => {
    window.localStorage.setItem('language', 'ta');
    refreshLanguage();
    const diskFull = run({
      id: 2,
      status: 'failed',
      reason: 'The disk of the backup folder is full.',
      reason_code: 'backups.failed.notYetKnown',
      reason_params: { free: '12 MB' },
    });
    stubApi({
      [BACKUPS_URL]: () =>
        jsonResponse(
          backups({
            runs: [diskFull, run()],
            attention: { reason: 'failed', message: 'The last backup failed.', message_params: null },
          }),
        ),
    });
    renderBackups({ path: '/elsewhere' });
    expect(await screen.findByTestId('backup-banner')).toHaveTextContent(
      'கடைசி காப்புப் பிரதி தோல்வியடைந்தது: The disk of the backup folder is full.',
    );
  });
});
