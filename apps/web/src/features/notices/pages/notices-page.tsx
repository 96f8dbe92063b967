import { businessToday, formatIndianDate, isPlainDate } from '@pledge-desk/domain';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { ApiError } from '@/lib/api-client';
import { serverFieldMessages } from '@/lib/form-errors';
import { formatAmount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useIdempotentSubmit } from '@/lib/use-idempotent-submit';
import {
  type Notice,
  type NoticeFilter,
  useCreateNoticeBatch,
  useNoticeCandidates,
  useNotices,
} from '../api/notices-api';
import { NoticeServedRow } from '../components/notice-served-row';
import { NOTICE_STATUS_KEYS, noticesText } from '../i18n';

const card = 'rounded-2xl bg-white shadow-sm dark:bg-navy-800';
const th =
  'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400';
const td = 'px-3 py-2 align-top text-sm text-navy-700 dark:text-white';

function State({ kind, message }: { kind: 'loading' | 'error' | 'empty'; message: string }) {
  const messageText = useMessageText();
  return (
    <p
      role={kind === 'error' ? 'alert' : kind === 'loading' ? 'status' : undefined}
      className={
        kind === 'error'
          ? 'm-5 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300'
          : 'px-5 py-10 text-center text-sm text-slate-600 dark:text-slate-300'
      }
    >
      {messageText(message)}
    </p>
  );
}

/** A text with its Tamil part marked as Tamil (`<ta>…</ta>`); keyed, as it stands in a list of parts. */
const tamil = (chunks: ReactNode[]) => (
  <span key="ta" lang="ta">
    {chunks}
  </span>
);

/** The overdue pledges with checkboxes, and 'Create notices' for the chosen ones. */
function Candidates() {
  const t = useT(noticesText);
  const messageText = useMessageText();
  const today = businessToday();
  const [asOf, setAsOf] = useState(today);
  const [noticeDate, setNoticeDate] = useState(today);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const candidates = useNoticeCandidates(asOf, isPlainDate(asOf));
  const create = useCreateNoticeBatch();
  const submission = useIdempotentSubmit();
  const navigate = useNavigate();
  const rows = candidates.data?.rows ?? [];
  const ids = [...chosen];
  const messages = serverFieldMessages(create.error);
  const rowMessage = (pledgeId: number) => {
    const i = ids.indexOf(pledgeId);
    return i < 0 ? undefined : messages[`pledge_ids.${i}`];
  };
  const otherError =
    create.error && Object.keys(messages).length === 0 ? errorMessage(create.error, t('createFailed')) : null;
  // Some chosen pledges already have an open notice: the clerk may send fresh ones that replace them.
  const openNotices = create.error instanceof ApiError && create.error.code === 'NOTICE_OPEN';
  const toggle = (id: number) =>
    setChosen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allChosen = rows.length > 0 && rows.every((r) => chosen.has(r.pledge_id));
  const submit = (renew = false) => {
    if (ids.length === 0) return;
    const body = { notice_date: noticeDate, pledge_ids: ids, ...(renew ? { renew: true } : {}) };
    // A refusal is shown under the fields and rows (from the mutation's error).
    submission.send(body, (idempotencyKey) => create.mutateAsync({ body, idempotencyKey }), {
      onSuccess: (saved) => {
        setChosen(new Set());
        navigate(`/pledge/notices/print/${saved.batch_id}`);
      },
    });
  };

  return (
    <section className={card} aria-labelledby="candidates-heading">
      <div className="flex flex-wrap items-end justify-between gap-4 border-b border-slate-100 px-5 py-4 dark:border-navy-700">
        <div>
          <h3 id="candidates-heading" className="text-lg font-bold text-navy-700 dark:text-white">
            {t.rich('overdueTitle', { ta: tamil })}
          </h3>
          {candidates.data ? (
            <p className="text-sm text-slate-500 dark:text-slate-400">
              {t('overdueSummary', {
                count: String(candidates.data.total_count),
                date: formatIndianDate(candidates.data.as_of),
                grace: String(candidates.data.grace_days),
                wait: String(candidates.data.notice_wait_days),
              })}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <DateField
            label={t('overdueAsOf')}
            value={asOf}
            max={today}
            onChange={(e) => setAsOf(e.target.value)}
            className="w-44"
          />
          <DateField
            label={t('noticeDate')}
            value={noticeDate}
            max={today}
            error={messages.notice_date}
            onChange={(e) => setNoticeDate(e.target.value)}
            className="w-44"
          />
          <Button onClick={() => submit()} disabled={ids.length === 0 || create.isPending}>
            {create.isPending ? t('creating') : t('createNotices', { count: String(ids.length) })}
          </Button>
        </div>
      </div>
      {otherError ? <State kind="error" message={otherError} /> : null}
      {openNotices ? (
        <div
          role="alert"
          className="m-5 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
        >
          <span>{t('openNoticesFound')}</span>
          <Button variant="secondary" onClick={() => submit(true)} disabled={create.isPending}>
            {t('sendNewNotices')}
          </Button>
        </div>
      ) : null}
      {messages.pledge_ids ? <State kind="error" message={messages.pledge_ids} /> : null}
      {!isPlainDate(asOf) ? (
        <State kind="empty" message={t('chooseDate')} />
      ) : candidates.isPending ? (
        <State kind="loading" message={t('loadingOverdue')} />
      ) : candidates.isError ? (
        <State kind="error" message={errorMessage(candidates.error, t('overdueFailed'))} />
      ) : rows.length === 0 ? (
        <State kind="empty" message={t('noneOverdue')} />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full">
            <thead>
              <tr>
                <th className={th}>
                  <input
                    type="checkbox"
                    aria-label={t('chooseAll')}
                    checked={allChosen}
                    onChange={() => setChosen(allChosen ? new Set() : new Set(rows.map((r) => r.pledge_id)))}
                    className="size-4 accent-brand-500"
                  />
                </th>
                <th className={th}>{t('pledgeNo')}</th>
                <th className={th}>{t('customer')}</th>
                <th className={th}>{t('dueDate')}</th>
                <th className={`${th} text-right`}>{t('daysOverdue')}</th>
                <th className={`${th} text-right`}>{t('outstanding')}</th>
                <th className={th}>{t('latestNotice')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const problem = rowMessage(r.pledge_id);
                return (
                  <tr key={r.pledge_id} className="border-t border-slate-100 dark:border-navy-700">
                    <td className={td}>
                      <input
                        type="checkbox"
                        aria-label={t('choosePledge', { pledge: r.pledge_no })}
                        checked={chosen.has(r.pledge_id)}
                        onChange={() => toggle(r.pledge_id)}
                        className="size-4 accent-brand-500"
                      />
                    </td>
                    <td className={`${td} font-semibold`}>
                      {r.pledge_no}
                      {r.at_bank ? (
                        <span className="ml-1 text-xs text-amber-700 dark:text-amber-300">{t('atBank')}</span>
                      ) : null}
                      {problem ? (
                        <p role="alert" className="mt-1 text-xs font-normal text-red-600 dark:text-red-400">
                          {messageText(problem)}
                        </p>
                      ) : null}
                    </td>
                    <td className={td}>
                      <span className="block font-medium">{r.customer_name}</span>
                      <span className="block text-xs text-slate-500 dark:text-slate-400">
                        {r.mobile_number} · {r.address}
                      </span>
                    </td>
                    <td className={td}>{formatIndianDate(r.due_date)}</td>
                    <td className={`${td} text-right tabular-nums`}>{r.days_overdue}</td>
                    <td className={`${td} text-right tabular-nums`}>{formatAmount(r.outstanding)}</td>
                    <td className={td}>
                      {r.latest_notice
                        ? `${r.latest_notice.notice_no} (${formatIndianDate(r.latest_notice.notice_date)}, ${
                            NOTICE_STATUS_KEYS[r.latest_notice.status]
                              ? t(NOTICE_STATUS_KEYS[r.latest_notice.status]!)
                              : r.latest_notice.status
                          })`
                        : '—'}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The notices made, each with its date sent and tracking number to record. */
function NoticeList() {
  const t = useT(noticesText);
  const [status, setStatus] = useState<NonNullable<NoticeFilter['status']>>('');
  const notices = useNotices({ status });
  const rows: Notice[] = notices.data?.rows ?? [];
  return (
    <section className={card} aria-labelledby="notices-heading">
      <div className="flex flex-wrap items-end justify-between gap-4 border-b border-slate-100 px-5 py-4 dark:border-navy-700">
        <h3 id="notices-heading" className="text-lg font-bold text-navy-700 dark:text-white">
          {t.rich('sentTitle', { ta: tamil })}
        </h3>
        <label className="text-sm font-medium text-navy-700 dark:text-white">
          {t('status')}{' '}
          <select
            value={status}
            onChange={(e) => setStatus(e.target.value as typeof status)}
            className="ml-2 rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm dark:border-navy-600 dark:bg-navy-900"
          >
            <option value="">{t('all')}</option>
            <option value="unsent">{t('notSent')}</option>
            <option value="sent">{t('sent')}</option>
            <option value="delivered">{t('delivered')}</option>
          </select>
        </label>
      </div>
      {notices.isPending ? (
        <State kind="loading" message={t('loadingNotices')} />
      ) : notices.isError ? (
        <State kind="error" message={errorMessage(notices.error, t('noticesFailed'))} />
      ) : rows.length === 0 ? (
        <State kind="empty" message={t('noNotices')} />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full">
            <thead>
              <tr>
                <th className={th}>{t('notice')}</th>
                <th className={th}>{t('pledgeCustomer')}</th>
                <th className={`${th} text-right`}>{t('amountDue')}</th>
                <th className={th}>{t('dateSent')}</th>
                <th className={th}>{t('trackingNo')}</th>
                <th className={th}>{t('deliveredOn')}</th>
                <th className={th}>
                  <span className="sr-only">{t('actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((n) => (
                <NoticeServedRow key={n.id} notice={n} />
              ))}
            </tbody>
          </table>
          {notices.data && notices.data.total_count > rows.length ? (
            <p className="px-5 py-3 text-sm text-slate-500 dark:text-slate-400">
              {t('newestOf', { shown: String(rows.length), total: String(notices.data.total_count) })}
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}

/** Notices (/pledge/notices): the notices before sale. */
export function NoticesPage() {
  const t = useT(noticesText);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold text-navy-700 dark:text-white">{t.rich('title', { ta: tamil })}</h2>
        <Link
          to="/pledge/reminders"
          className="text-sm font-semibold text-brand-600 hover:underline dark:text-brand-300"
        >
          {t('remindersLink')}
        </Link>
      </div>
      <Candidates />
      <NoticeList />
    </div>
  );
}

export default NoticesPage;
