import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Icon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toasts';
import { ApiError } from '@/lib/api-client';
import { formatInstantTime } from '@/lib/format';
import type { Translate } from '@/lib/i18n/catalogue';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { isAdmin } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { type BackupRun, type Backups, useBackups } from '../api/get-backups';
import { useRunBackup } from '../api/run-backup';
import { backupAge, failureReason, latestFinished, runInstant } from '../attention/backup-text';
import { backupAttentionText } from '../attention/i18n';
import { backupsText } from '../i18n';
import { formatSize } from './format-backup';

type BackupsKey = keyof (typeof backupsText)['en'];

/** The search parameter the banner's link sets (`/dashboard?show=backups`): the card comes into view. */
export const SHOW_BACKUPS = 'backups';

/** The most backups the card lists (the server sends up to 30). */
const RECENT_COUNT = 5;

const triggerKey: Record<BackupRun['trigger'], BackupsKey> = {
  schedule: 'triggerSchedule',
  day_close: 'triggerDayClose',
  manual: 'triggerManual',
  command: 'triggerCommand',
};

const statusLook: Record<BackupRun['status'], { key: BackupsKey; className: string }> = {
  good: {
    key: 'statusGood',
    className: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300',
  },
  failed: { key: 'statusFailed', className: 'bg-red-50 text-red-700 dark:bg-red-900/40 dark:text-red-300' },
  running: {
    key: 'statusRunning',
    className: 'bg-slate-100 text-slate-700 dark:bg-navy-700 dark:text-slate-200',
  },
};

function scheduleText(t: Translate<BackupsKey>, schedule: Backups['schedule']): string {
  const { at, keep, after_day_close: afterDayClose } = schedule;
  if (at && afterDayClose) return t('dailyAndDayClose', { at, keep });
  if (at) return t('dailyOnly', { at, keep });
  if (afterDayClose) return t('dayCloseOnly', { keep });
  return t('scheduleOff');
}

/**
 * The dashboard's Backups card, for admins: the last good backup's age, file, folder and size, whether
 * backups are encrypted, the schedule, the recent backups, and Back up now (which waits for the copy to
 * be written and checked). Renders nothing for anyone else, and asks the server nothing for them.
 */
export function BackupsCard() {
  const { user } = useSession();
  if (!isAdmin(user)) return null;
  return <AdminBackupsCard />;
}

function AdminBackupsCard() {
  const t = useT(backupsText);
  const attentionT = useT(backupAttentionText);
  const messageText = useMessageText();
  const { showToast } = useToast();
  const backups = useBackups({ enabled: true });
  const runBackup = useRunBackup();
  const section = useRef<HTMLElement>(null);

  // The banner's link: bring the card into view and give it focus, then drop the mark.
  const [searchParams, setSearchParams] = useSearchParams();
  const show = searchParams.get('show') === SHOW_BACKUPS;
  useEffect(() => {
    if (!show) return;
    section.current?.scrollIntoView?.({ block: 'start' });
    section.current?.focus();
    setSearchParams(
      (params) => {
        params.delete('show');
        return params;
      },
      { replace: true },
    );
  }, [show, setSearchParams]);

  const backUpNow = () =>
    runBackup.mutate(undefined, {
      onSuccess: (run) => {
        if (run.status === 'good') {
          showToast({
            type: 'success',
            title: t('doneTitle'),
            message: t('doneMessage', { file: run.file_name ?? '—', size: formatSize(run.size_bytes) }),
          });
        } else if (run.status === 'failed') {
          showToast({
            type: 'error',
            title: t('failedTitle'),
            message: run.reason ?? t('failedNoReason'),
            code: run.reason_code ?? null,
            params: run.reason_params,
          });
        }
      },
      onError: (error) => {
        const busy = error instanceof ApiError && error.status === 409;
        // A sentence of the server (its `detail`), shown by its code in the reader's language.
        const spoken = error instanceof ApiError && typeof error.detail === 'string';
        let message = t('unreadableAnswer');
        if (error instanceof ApiError) message = busy && !spoken ? t('busyMessage') : error.message;
        showToast({
          type: busy ? 'warning' : 'error',
          title: busy ? t('busyTitle') : t('failedTitle'),
          message,
          ...(error instanceof ApiError && spoken
            ? { code: error.messageCode, params: error.messageParams }
            : {}),
        });
      },
    });

  const data = backups.data;
  const running = runBackup.isPending || data?.runs[0]?.status === 'running';

  return (
    <section
      ref={section}
      id="backups"
      tabIndex={-1}
      aria-labelledby="backups-title"
      className="scroll-mt-4 rounded-2xl bg-white p-5 shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:bg-navy-800"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id="backups-title"
          className="flex items-center gap-2 text-lg font-bold text-navy-700 dark:text-white"
        >
          <Icon name="shield" className="size-5 text-brand-500" />
          {t('title')}
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          {running ? (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
              <span
                aria-hidden="true"
                className="size-4 animate-spin rounded-full border-2 border-brand-500 border-t-transparent"
              />
              {runBackup.isPending ? t('backingUp') : t('runningNow')}
            </p>
          ) : null}
          <Button onClick={backUpNow} disabled={running || !data}>
            {t('backUpNow')}
          </Button>
        </div>
      </div>
      {backups.isPending ? (
        <Spinner label={t('loading')} />
      ) : backups.error || !data ? (
        <div
          role="alert"
          className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
        >
          <span className="flex items-center gap-2">
            <Icon name="alert" className="size-4 shrink-0" />
            {backups.error instanceof ApiError && typeof backups.error.detail === 'string'
              ? messageText(backups.error.message, backups.error.messageCode, backups.error.messageParams)
              : t('loadFailed')}
          </span>
          <Button variant="secondary" onClick={() => void backups.refetch()} className="py-1.5">
            {t('tryAgain')}
          </Button>
        </div>
      ) : (
        <BackupsDetails data={data} t={t} attentionT={attentionT} messageText={messageText} />
      )}
    </section>
  );
}

function BackupsDetails({
  data,
  t,
  attentionT,
  messageText,
}: {
  data: Backups;
  t: Translate<BackupsKey>;
  attentionT: Translate<keyof (typeof backupAttentionText)['en']>;
  messageText: ReturnType<typeof useMessageText>;
}) {
  const lastGood = data.last_good;
  const latest = latestFinished(data);
  const age = lastGood ? backupAge(attentionT, runInstant(lastGood)) : null;
  const recent = data.runs.slice(0, RECENT_COUNT);
  return (
    <div className="mt-4 space-y-4 text-sm">
      {data.runs.length === 0 ? (
        <EmptyState title={t('noneTitle')} description={t('noneDescription')} icon="shield" />
      ) : (
        <p className="text-base font-semibold text-navy-700 dark:text-white">
          {lastGood && age ? t('lastGood', { age }) : t('noGoodYet')}
          {lastGood ? (
            <span className="ml-2 text-sm font-normal text-slate-500 dark:text-slate-400">
              {formatInstantTime(runInstant(lastGood))}
            </span>
          ) : null}
        </p>
      )}
      {latest?.status === 'failed' ? (
        <p
          data-testid="backup-failed-reason"
          className="flex items-start gap-2 rounded-xl bg-red-50 px-4 py-3 text-red-700 dark:bg-red-950/50 dark:text-red-300"
        >
          <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
          {t('lastFailed', { reason: failureReason(data, messageText) || t('failedNoReason') })}
        </p>
      ) : null}
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {lastGood ? (
          <>
            <dt className="text-slate-500 dark:text-slate-400">{t('file')}</dt>
            <dd className="min-w-0 break-all text-navy-700 dark:text-white">
              {lastGood.file_name ?? '—'}
              {lastGood.file_present ? null : (
                <span className="ml-2 text-xs text-amber-700 dark:text-amber-300">({t('fileGone')})</span>
              )}
            </dd>
            <dt className="text-slate-500 dark:text-slate-400">{t('size')}</dt>
            <dd className="text-navy-700 tabular-nums dark:text-white">{formatSize(lastGood.size_bytes)}</dd>
          </>
        ) : null}
        <dt className="text-slate-500 dark:text-slate-400">{t('folder')}</dt>
        <dd className="min-w-0 font-mono text-xs break-all text-navy-700 dark:text-white">{data.folder}</dd>
        <dt className="text-slate-500 dark:text-slate-400">{t('encryption')}</dt>
        <dd className="text-navy-700 dark:text-white">
          {data.encrypted ? t('encrypted') : t('notEncrypted')}
        </dd>
        <dt className="text-slate-500 dark:text-slate-400">{t('schedule')}</dt>
        <dd className="text-navy-700 dark:text-white">{scheduleText(t, data.schedule)}</dd>
      </dl>
      {recent.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[28rem] text-left text-sm">
            <caption className="pb-2 text-left font-semibold text-navy-700 dark:text-white">
              {t('recent')}
            </caption>
            <thead>
              <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-500 dark:border-navy-600 dark:text-slate-400">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t('when')}
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t('how')}
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t('result')}
                </th>
                <th scope="col" className="py-2 font-semibold">
                  {t('sizeColumn')}
                </th>
              </tr>
            </thead>
            <tbody>
              {recent.map((run) => (
                <tr key={run.id} className="border-b border-slate-100 last:border-0 dark:border-navy-700">
                  <td className="py-2 pr-4 whitespace-nowrap tabular-nums">
                    {formatInstantTime(run.started_at)}
                  </td>
                  <td className="py-2 pr-4">{t(triggerKey[run.trigger])}</td>
                  <td className="py-2 pr-4">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusLook[run.status].className}`}
                    >
                      {t(statusLook[run.status].key)}
                    </span>
                  </td>
                  <td className="py-2 tabular-nums">{formatSize(run.size_bytes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
