import { formatIndianDate } from '@pledge-desk/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../components/ui/use-crud-toasts';
import { formatAmount } from '../../../lib/format';
import { type ReminderList, useLogReminder, useReminders } from '../api/notices-api';

const th =
  'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400';
const td = 'px-3 py-2 align-top text-sm text-navy-700 dark:text-white';
const linkButton =
  'inline-flex items-center rounded-xl px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-500';

type Row = ReminderList['rows'][number];

function ReminderRow({ row }: { row: Row }) {
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
          <span className="ml-1 text-xs font-semibold text-red-700 dark:text-red-300">overdue</span>
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
              aria-label={`WhatsApp ${row.customer_name} about ${row.pledge_no}`}
            >
              WhatsApp
            </a>
          ) : null}
          {row.call_link ? (
            <a
              href={row.call_link}
              onClick={() => mark('call')}
              className={`${linkButton} border border-slate-300 text-navy-700 hover:bg-slate-50 dark:text-white`}
              aria-label={`Call ${row.customer_name} about ${row.pledge_no}`}
            >
              Call
            </a>
          ) : null}
          {!row.whatsapp_link && !row.call_link ? (
            <span className="text-xs text-slate-500 dark:text-slate-400">No valid mobile number</span>
          ) : null}
        </div>
        {log.isError ? (
          <p role="alert" className="mt-1 text-xs text-red-600 dark:text-red-400">
            {errorMessage(log.error, 'Failed to log the reminder')}
          </p>
        ) : null}
      </td>
      <td className={td}>
        {row.reminded_today ? (
          <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
            Logged today
          </span>
        ) : (
          <Button
            variant="ghost"
            onClick={() => mark('call')}
            disabled={log.isPending}
            className="px-2 py-1 text-xs"
          >
            Mark reminded
          </Button>
        )}
        {row.last_reminded_on && !row.reminded_today ? (
          <span className="block text-xs text-slate-500 dark:text-slate-400">{`Last: ${formatIndianDate(row.last_reminded_on)}`}</span>
        ) : null}
      </td>
    </tr>
  );
}

/** Reminders (/pledge/reminders): today's list of pledges due soon or overdue, with WhatsApp and Call links. */
export function RemindersPage() {
  const [days, setDays] = useState(15);
  const reminders = useReminders(days);
  const rows = reminders.data?.rows ?? [];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold text-navy-700 dark:text-white">
            Reminders / <span lang="ta">நினைவூட்டல்கள்</span>
          </h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            A courtesy message, kept apart from the legal notices before sale.{' '}
            <Link
              to="/pledge/notices"
              className="font-semibold text-brand-600 hover:underline dark:text-brand-300"
            >
              Notices
            </Link>
          </p>
        </div>
        <label className="text-sm font-medium text-navy-700 dark:text-white">
          Due within{' '}
          <select
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
            className="ml-2 rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm dark:border-navy-600 dark:bg-navy-900"
          >
            {[0, 3, 7, 15, 30].map((d) => (
              <option key={d} value={d}>{`${d} days`}</option>
            ))}
          </select>
        </label>
      </div>
      <section className="rounded-2xl bg-white shadow-sm dark:bg-navy-800" aria-label="Reminders of the day">
        {reminders.isPending ? (
          <p role="status" className="px-5 py-10 text-center text-sm text-slate-600 dark:text-slate-400">
            Loading reminders...
          </p>
        ) : reminders.isError ? (
          <p
            role="alert"
            className="m-5 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
          >
            {errorMessage(reminders.error, 'Failed to fetch the reminders')}
          </p>
        ) : rows.length === 0 ? (
          <p className="px-5 py-10 text-center text-sm text-slate-600 dark:text-slate-300">
            No pledge is due within these days or overdue.
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full">
              <thead>
                <tr>
                  <th className={th}>Pledge No</th>
                  <th className={th}>Customer</th>
                  <th className={th}>Due date</th>
                  <th className={`${th} text-right`}>Amount due</th>
                  <th className={th}>Message (Tamil)</th>
                  <th className={th}>Remind</th>
                  <th className={th}>Logged</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <ReminderRow key={r.pledge_id} row={r} />
                ))}
              </tbody>
            </table>
            {reminders.data && reminders.data.total_count > rows.length ? (
              <p className="px-5 py-3 text-sm text-slate-500 dark:text-slate-400">{`The first ${rows.length} of ${reminders.data.total_count}.`}</p>
            ) : null}
          </div>
        )}
      </section>
    </div>
  );
}

export default RemindersPage;
