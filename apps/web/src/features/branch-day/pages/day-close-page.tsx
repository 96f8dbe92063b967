import {
  businessToday,
  type CashDrawer,
  type DayDetail,
  formatIndianDate,
  formatRupees,
  isPlainDate,
  reopenDaySchema,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateField, FormError } from '@/components/ui/form-field';
import { uiText } from '@/components/ui/i18n';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toasts';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { serverFieldMessages } from '@/lib/form-errors';
import type { Translate } from '@/lib/i18n/catalogue';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useCloseDay, useDay, useReopenDay } from '../api/cash-drawer-api';
import { LoadError } from '../components/load-error';
import { type CashDrawerKey, cashDrawerText } from '../i18n';

const card = 'rounded-2xl bg-white p-5 shadow-sm dark:bg-navy-800';
const money = (rupees: number | null | undefined) =>
  rupees === null || rupees === undefined ? '—' : formatRupees(rupeesToPaise(rupees));
const cell = 'py-2 pr-3 text-right tabular-nums';

function differenceText(t: Translate<CashDrawerKey>, difference: number | null): string {
  if (difference === null) return '—';
  if (difference === 0) return t('nil');
  return t(difference < 0 ? 'short' : 'over', { amount: money(Math.abs(difference)) });
}

function timeOf(instant: string): string {
  const at = new Date(instant);
  return Number.isNaN(at.getTime())
    ? instant
    : at.toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'short', timeStyle: 'short' });
}

function DrawersTable({ day }: { day: DayDetail }) {
  const t = useT(cashDrawerText);
  if (day.drawers.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-300">{t('noDrawerOnDay')}</p>;
  }
  const row = (d: CashDrawer) => (
    <tr key={d.id} className="border-t border-slate-100 text-navy-700 dark:border-navy-700 dark:text-white">
      <th scope="row" className="py-2 pr-3 text-left font-medium">
        <Link
          to={`/day-end/${d.business_date}?drawer=${d.id}`}
          className="text-brand-600 underline-offset-2 hover:underline dark:text-brand-300"
        >
          {d.user.username}
        </Link>
      </th>
      <td className="py-2 pr-3">{t(d.status === 'open' ? 'statusOpen' : 'statusClosed')}</td>
      <td className={cell}>{money(d.opening.amount)}</td>
      <td className={cell}>{money(d.receipts)}</td>
      <td className={cell}>{money(d.payouts)}</td>
      <td className={cell}>{money(d.expected)}</td>
      <td className={cell}>{money(d.counted?.amount)}</td>
      <td className={cell}>{differenceText(t, d.difference)}</td>
    </tr>
  );
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[720px] text-sm" data-testid="day-drawers">
        <caption className="sr-only">{t('drawersOfTheDay')}</caption>
        <thead>
          <tr className="text-left text-xs tracking-wide text-slate-600 uppercase dark:text-slate-300">
            <th scope="col" className="py-2 pr-3">
              {t('user')}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t('status')}
            </th>
            {(['openingLabel', 'receipts', 'payouts', 'expected', 'counted', 'difference'] as const).map(
              (h) => (
                <th key={h} scope="col" className="py-2 pr-3 text-right">
                  {t(h)}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{day.drawers.map(row)}</tbody>
        <tfoot>
          <tr className="border-t-2 border-slate-300 font-bold text-navy-700 dark:border-navy-500 dark:text-white">
            <th scope="row" colSpan={2} className="py-2 pr-3 text-left">
              {t('total')}
            </th>
            <td className={cell}>{money(day.totals.opening)}</td>
            <td className={cell}>{money(day.totals.receipts)}</td>
            <td className={cell}>{money(day.totals.payouts)}</td>
            <td className={cell} data-testid="day-total-expected">
              {money(day.totals.expected)}
            </td>
            <td className={cell}>{money(day.totals.counted)}</td>
            <td className={cell} data-testid="day-total-difference">
              {differenceText(t, day.totals.difference)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/**
 * Day Close (/day-close, admin): every drawer of a date, the cash written outside any
 * drawer, the totals; 'Close day' (after a confirmation) stops new vouchers dated on it, and 'Reopen
 * day' takes a reason that is kept in the day's history.
 */
export function DayClosePage() {
  const t = useT(cashDrawerText);
  const ui = useT(uiText);
  const messageText = useMessageText();
  const [date, setDate] = useState(businessToday());
  const validDate = isPlainDate(date) ? date : null;
  const day = useDay(validDate, { live: true });
  const closeDay = useCloseDay();
  const reopenDay = useReopenDay();
  const { showToast } = useToast();
  const [confirming, setConfirming] = useState(false);
  const [reopening, setReopening] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const doClose = () => {
    if (!validDate) return;
    setActionError(null);
    closeDay.mutate(
      { date: validDate, remarks: null },
      {
        onSuccess: () => {
          setConfirming(false);
          showToast({ type: 'success', title: t('success'), message: t('dayClosed') });
        },
        onError: (error) => {
          setConfirming(false);
          setActionError(errorMessage(error, t('closeDayFailed')));
        },
      },
    );
  };

  const doReopen = () => {
    if (!validDate) return;
    const parsed = reopenDaySchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message ?? t('enterReason'));
      return;
    }
    setReasonError(null);
    reopenDay.mutate(
      { date: validDate, values: parsed.data },
      {
        onSuccess: () => {
          setReopening(false);
          setReason('');
          showToast({ type: 'success', title: t('success'), message: t('dayReopened') });
        },
        onError: (error) => {
          const fields = serverFieldMessages(error);
          if (fields.reason) setReasonError(fields.reason);
          else {
            setReopening(false);
            setActionError(errorMessage(error, t('reopenDayFailed')));
          }
        },
      },
    );
  };

  const data = day.data;
  const isClosed = data?.day.status === 'closed';

  return (
    <div className="space-y-5">
      <section className={`${card} flex flex-wrap items-end justify-between gap-4`}>
        <DateField
          label={t('businessDate')}
          className="w-56"
          max={businessToday()}
          value={date}
          error={validDate ? undefined : t('enterDate')}
          onChange={(e) => setDate(e.target.value)}
        />
        {data ? (
          <div className="flex flex-wrap items-center gap-3">
            <span
              className={`rounded-full px-3 py-1 text-sm font-semibold ${
                isClosed
                  ? 'bg-slate-200 text-navy-700 dark:bg-navy-600 dark:text-white'
                  : 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-200'
              }`}
              data-testid="day-status"
            >
              {t(isClosed ? 'dayClosed' : 'dayOpen')}
            </span>
            <Link
              to={`/day-end/${data.day.date}`}
              className="rounded-xl border border-slate-300 px-4 py-2 text-sm font-semibold text-navy-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-navy-500 dark:text-white dark:hover:bg-navy-700"
            >
              {t('dayEndSheet')}
            </Link>
            {isClosed ? (
              <Button variant="secondary" onClick={() => setReopening(true)}>
                {t('reopenDay')}
              </Button>
            ) : (
              <Button onClick={() => setConfirming(true)}>{t('closeDay')}</Button>
            )}
          </div>
        ) : null}
      </section>

      <FormError message={actionError === null ? null : messageText(actionError)} />

      {!validDate ? null : day.isPending ? (
        <Spinner label={t('loadingDay')} />
      ) : day.isError ? (
        <LoadError error={day.error} fallback={t('loadDayFailed')} onRetry={() => void day.refetch()} />
      ) : data ? (
        <>
          <section className={card} aria-labelledby="day-drawers-title">
            <h2 id="day-drawers-title" className="mb-3 text-lg font-bold text-navy-700 dark:text-white">
              {t('drawersOf', { date: formatIndianDate(data.day.date) })}
            </h2>
            <DrawersTable day={data} />
            <p className="mt-4 text-sm text-slate-700 dark:text-slate-200" data-testid="outside-drawers">
              {t('outsideDrawers', {
                receipts: money(data.outside_drawers.receipts),
                payouts: money(data.outside_drawers.payouts),
                count: data.outside_drawers.count,
              })}
            </p>
          </section>
          <section className={card} aria-labelledby="day-history-title">
            <h2 id="day-history-title" className="mb-3 text-lg font-bold text-navy-700 dark:text-white">
              {t('historyTitle')}
            </h2>
            {data.day.events.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-300">{t('notClosedYet')}</p>
            ) : (
              <ol className="space-y-2 text-sm text-navy-700 dark:text-white" data-testid="day-history">
                {data.day.events.map((e) => (
                  <li key={`${e.action}-${e.at}`}>
                    <strong>{t(e.action === 'close' ? 'eventClosed' : 'eventReopened')}</strong>{' '}
                    {timeOf(e.at)}
                    {e.user ? t('eventBy', { name: e.user.username }) : ''}
                    {e.reason ? ` — ${e.reason}` : ''}
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      ) : null}

      <ConfirmDialog
        open={confirming}
        title={t('closeDayTitle')}
        message={
          validDate ? t('closeDayMessage', { date: formatIndianDate(validDate) }) : t('closeDayMessageNoDate')
        }
        confirmLabel={closeDay.isPending ? t('closing') : t('closeDay')}
        isBusy={closeDay.isPending}
        onConfirm={doClose}
        onCancel={() => setConfirming(false)}
      />
      <Modal
        open={reopening}
        title={t('reopenTitle')}
        onClose={() => setReopening(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setReopening(false)}>
              {ui('cancel')}
            </Button>
            <Button onClick={doReopen} disabled={reopenDay.isPending}>
              {reopenDay.isPending ? t('reopening') : t('reopenDay')}
            </Button>
          </>
        }
      >
        <TextField
          label={t('reason')}
          maxLength={500}
          required
          value={reason}
          error={reasonError ?? undefined}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </div>
  );
}

export default DayClosePage;
