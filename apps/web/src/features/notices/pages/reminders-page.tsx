import { formatIndianDate } from '@pledge-desk/domain';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { formatAmount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { type ReminderList, useLogReminder, useReminders } from '../api/notices-api';
import { remindersText } from '../i18n';

const th =
  'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400';
const td = 'px-3 py-2 align-top text-sm text-navy-700 dark:text-white';
const linkButton =
  'inline-flex items-center rounded-xl px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-500';

type Row = ReminderList['rows'][number];

/** A text with its Tamil part marked as Tamil (`<ta>…</ta>`); keyed, as it stands in a list of parts. */
const tamil = (chunks: ReactNode[]) => (
  <span key="ta" lang="ta">
    {chunks}
  </span>
);

function ReminderRow({ row }: { row: Row }) {
  const t = useT(remindersText);
  const messageText = useMessageText();
  const log = useLogReminder();
  const mark = (channel: 'whatsapp' | 'call') => log.mutate({ pledge_id: row.pledge_id, channel });
  return (
    <tr
      className="border-t border-slate-100 dark:border-navy-700"
      data-testid={`reminder-row-${row.pledge_no}`}
    >
      <td className={`${td} font-semibold`}>{row.pledge_no}</td>
      <td className={td}>
        <span className="block font-medium">{row.customer_name}</span>
        <span className="block text-xs text-slate-500 dark:text-slate-400">{row.mobile_number}</span>
      </td>
      <td className={td}>
        {formatIndianDate(row.due_date)}
        {row.overdue ? (
          <span className="ml-1 text-xs font-semibold text-red-700 dark:text-red-300">{t('overdue')}</span>
        ) : null}
      </td>
      <td className={`${td} text-right tabular-nums`}>{formatAmount(row.amount_due)}</td>
      <td className={`${td} max-w-md text-xs`} lang="ta">
        {row.text_ta}
      </td>
      <td className={td}>
        <div className="flex flex-wrap gap-2">
          {row.whatsapp_link ? (
            <a
              href={row.whatsapp_link}
              target="_blank"
              rel="noreferrer"
              onClick={() => mark('whatsapp')}
              className={`${linkButton} bg-green-700 text-white hover:bg-green-800`}
              aria-label={t('whatsappLabel', { customer: row.customer_name, pledge: row.pledge_no })}
            >
              {t('whatsapp')}
            </a>
          ) : null}
          {row.call_link ? (
            <a
              href={row.call_link}
              onClick={() => mark('call')}
              className={`${linkButton} border border-slate-300 text-navy-700 hover:bg-slate-50 dark:text-white`}
              aria-label={t('callLabel', { customer: row.customer_name, pledge: row.pledge_no })}
            >
              {t('call')}
            </a>
          ) : null}
          {!row.whatsapp_link && !row.call_link ? (
            <span className="text-xs text-slate-500 dark:text-slate-400">{t('noMobile')}</span>
          ) : null}
        </div>
        {log.isError ? (
          <p role="alert" className="mt-1 text-xs text-red-600 dark:text-red-400">
            {messageText(errorMessage(log.error, t('logFailed')))}
          </p>
        ) : null}
      </td>
      <td className={td}>
        {row.reminded_today ? (
          <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
            {t('loggedToday')}
          </span>
        ) : (
          <Button
            variant="ghost"
            onClick={() => mark('call')}
            disabled={log.isPending}
            className="px-2 py-1 text-xs"
          >
            {t('markReminded')}
          </Button>
        )}
        {row.last_reminded_on && !row.reminded_today ? (
          <span className="block text-xs text-slate-500 dark:text-slate-400">
            {t('last', { date: formatIndianDate(row.last_reminded_on) })}
          </span>
        ) : null}
      </td>
    </tr>
  );
}

/** Reminders (/pledge/reminders): today's list of pledges due soon or overdue, with WhatsApp and Call links. */
export function RemindersPage() {
  const t = useT(remindersText);
  const messageText = useMessageText();
  const [days, setDays] = useState(15);
  const reminders = useReminders(days);
  const rows = reminders.data?.rows ?? [];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold text-navy-700 dark:text-white">
            {t.rich('title', { ta: tamil })}
          </h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {t('description')}{' '}
            <Link
              to="/pledge/notices"
              className="font-semibold text-brand-600 hover:underline dark:text-brand-300"
            >
              {t('notices')}
            </Link>
          </p>
        </div>
        <label className="text-sm font-medium text-navy-700 dark:text-white">
          {t('dueWithin')}{' '}
          <select
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
            className="ml-2 rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm dark:border-navy-600 dark:bg-navy-900"
          >
            {[0, 3, 7, 15, 30].map((d) => (
              <option key={d} value={d}>
                {t('days', { days: String(d) })}
              </option>
            ))}
          </select>
        </label>
      </div>
      <section className="rounded-2xl bg-white shadow-sm dark:bg-navy-800" aria-label={t('section')}>
        {reminders.isPending ? (
          <p role="status" className="px-5 py-10 text-center text-sm text-slate-600 dark:text-slate-400">
            {t('loading')}
          </p>
        ) : reminders.isError ? (
          <p
            role="alert"
            className="m-5 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
          >
            {messageText(errorMessage(reminders.error, t('failed')))}
          </p>
        ) : rows.length === 0 ? (
          <p className="px-5 py-10 text-center text-sm text-slate-600 dark:text-slate-300">{t('empty')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full">
              <thead>
                <tr>
                  <th className={th}>{t('pledgeNo')}</th>
                  <th className={th}>{t('customer')}</th>
                  <th className={th}>{t('dueDate')}</th>
                  <th className={`${th} text-right`}>{t('amountDue')}</th>
                  <th className={th}>{t('message')}</th>
                  <th className={th}>{t('remind')}</th>
                  <th className={th}>{t('logged')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <ReminderRow key={r.pledge_id} row={r} />
                ))}
              </tbody>
            </table>
            {reminders.data && reminders.data.total_count > rows.length ? (
              <p className="px-5 py-3 text-sm text-slate-500 dark:text-slate-400">
                {t('firstOf', { shown: String(rows.length), total: String(reminders.data.total_count) })}
              </p>
            ) : null}
          </div>
        )}
      </section>
    </div>
  );
}

export default RemindersPage;
