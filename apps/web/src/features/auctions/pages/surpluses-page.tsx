import { type AuctionSurplus, businessToday, formatIndianDate, rupeesToPaise } from '@pledge-desk/domain';
import { Fragment, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { formatAmount, formatRupeeAmount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useIdempotentSubmit } from '@/lib/use-idempotent-submit';
import { DrawerPayoutNotice, useDrawerPayoutCheck } from '@/shared/cash-drawer/drawer-payout-notice';
import { useDepositSurplus, usePaySurplus, useSurpluses } from '../api/auctions-api';
import { Alert, AuctionTabs, Card, MethodSelect, num, problemsOf, State, td, th } from '../components/bits';
import { type AuctionKey, auctionText } from '../i18n';

const HEADINGS: readonly AuctionKey[] = [
  'pledgeLot',
  'pawner',
  'saleDate',
  'amount',
  'ageDays',
  'deliverBy',
  'depositFrom',
  'status',
  'actions',
];

/**
 * The shortfalls the same pawner still owes on other pledges, said where the surplus
 * is paid out, so the clerk settles the two together with the pawner.
 */
function OwedShortfalls({ s }: { s: AuctionSurplus }) {
  const t = useT(auctionText);
  if (s.pawner_shortfalls.length === 0) return null;
  return (
    <ul className="mt-1 grid gap-0.5 text-xs font-medium text-amber-700 dark:text-amber-300">
      {s.pawner_shortfalls.map((o) => (
        <li key={o.shortfall_id}>
          {t('pawnerOwesShortfall', { amount: formatRupeeAmount(o.open), pledge: o.pledge_no })}
        </li>
      ))}
    </ul>
  );
}

function PayForm({ s, onDone }: { s: AuctionSurplus; onDone: () => void }) {
  const t = useT(auctionText);
  const messageText = useMessageText();
  const navigate = useNavigate();
  const [paidOn, setPaidOn] = useState(businessToday());
  const [paidTo, setPaidTo] = useState(s.customer_name);
  const [method, setMethod] = useState('cash');
  const [reference, setReference] = useState('');
  const [confirmCash, setConfirmCash] = useState(false);
  const pay = usePaySurplus();
  const submission = useIdempotentSubmit();
  const problems = problemsOf(pay.error);
  // The drawer rules of the surplus paid out in cash.
  const drawerPayout = useDrawerPayoutCheck({ amountPaise: rupeesToPaise(s.amount), method, date: paidOn });
  return (
    <form
      aria-label={t('payForm', { pledge: s.pledge_no })}
      className="grid gap-3 rounded-xl border border-slate-200 p-4 sm:grid-cols-4 dark:border-navy-600"
      onSubmit={(e) => {
        e.preventDefault();
        const body = {
          paid_on: paidOn,
          paid_to: paidTo || null,
          method,
          reference: reference || null,
          cash_limit_confirmed: confirmCash,
        };
        submission.send({ id: s.id, body }, (key) => pay.mutateAsync({ id: s.id, body, key }), {
          onSuccess: () => navigate(`/auctions/surpluses/receipt?id=${s.id}`),
        });
      }}
    >
      {s.pawner_shortfalls.length > 0 ? (
        <div role="note" className="sm:col-span-4">
          <OwedShortfalls s={s} />
        </div>
      ) : null}
      <DateField
        label={t('paidOn')}
        value={paidOn}
        onChange={(e) => setPaidOn(e.target.value)}
        error={problems.fields.paid_on && messageText(problems.fields.paid_on)}
      />
      <TextField
        label={t('paidTo')}
        value={paidTo}
        maxLength={200}
        onChange={(e) => setPaidTo(e.target.value)}
        error={problems.fields.paid_to}
      />
      <MethodSelect
        value={method}
        onChange={setMethod}
        error={problems.fields.payment_method ?? problems.fields.method}
      />
      {method !== 'cash' ? (
        <TextField
          label={t('bankReference')}
          value={reference}
          maxLength={100}
          onChange={(e) => setReference(e.target.value)}
          error={problems.fields.reference}
        />
      ) : (
        <div />
      )}
      {problems.fields.cash_limit_confirmed ? (
        <label className="flex items-center gap-2 text-sm sm:col-span-4">
          <input type="checkbox" checked={confirmCash} onChange={(e) => setConfirmCash(e.target.checked)} />
          {`${messageText(problems.fields.cash_limit_confirmed)} ${t('confirmCashPayout')}`}
        </label>
      ) : null}
      <DrawerPayoutNotice check={drawerPayout} className="sm:col-span-4" />
      <div className="sm:col-span-4">
        <Alert message={problems.sentence} />
      </div>
      <div className="flex gap-2 sm:col-span-4">
        <Button type="submit" disabled={pay.isPending || drawerPayout.blocked}>
          {pay.isPending ? t('paying') : t('payAmount', { amount: formatRupeeAmount(s.amount) })}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

function DepositForm({ s, onDone }: { s: AuctionSurplus; onDone: () => void }) {
  const t = useT(auctionText);
  const messageText = useMessageText();
  const [on, setOn] = useState(businessToday());
  const [reference, setReference] = useState('');
  const deposit = useDepositSurplus();
  const submission = useIdempotentSubmit();
  const problems = problemsOf(deposit.error);
  return (
    <form
      aria-label={t('depositForm', { pledge: s.pledge_no })}
      className="grid gap-3 rounded-xl border border-slate-200 p-4 sm:grid-cols-3 dark:border-navy-600"
      onSubmit={(e) => {
        e.preventDefault();
        const body = { deposited_on: on, reference };
        submission.send({ id: s.id, body }, (key) => deposit.mutateAsync({ id: s.id, body, key }), {
          onSuccess: onDone,
        });
      }}
    >
      <DateField
        label={t('depositedOn')}
        value={on}
        onChange={(e) => setOn(e.target.value)}
        error={problems.fields.deposited_on && messageText(problems.fields.deposited_on)}
      />
      <TextField
        label={t('challan')}
        value={reference}
        maxLength={100}
        onChange={(e) => setReference(e.target.value)}
        error={problems.fields.reference}
      />
      <div className="flex items-end gap-2">
        <Button type="submit" disabled={deposit.isPending}>
          {t('deposit')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('cancel')}
        </Button>
      </div>
      <div className="sm:col-span-3">
        <Alert message={problems.sentence} />
      </div>
    </form>
  );
}

/** Auction surpluses (/auctions/surpluses): owed to pawners with their age and due dates; pay out or deposit. */
export function SurplusesPage() {
  const t = useT(auctionText);
  const [status, setStatus] = useState<'owed' | 'paid' | 'deposited'>('owed');
  const list = useSurpluses(status);
  const [open, setOpen] = useState<{ id: number; kind: 'pay' | 'deposit' } | null>(null);
  const statusId = useId();
  let body: React.ReactNode;
  if (list.isPending) body = <State kind="loading" message={t('loadingSurpluses')} />;
  else if (list.isError)
    body = <State kind="error" message={errorMessage(list.error, t('surplusesFailed'))} />;
  else if (list.data.items.length === 0) body = <State kind="empty" message={t('noSurpluses', { status })} />;
  else
    body = (
      <div className="overflow-x-auto">
        <p className="mb-2 text-sm text-slate-600 dark:text-slate-300">
          {t('surplusesSummary', {
            total: String(list.data.total),
            amount: formatRupeeAmount(list.data.total_owed),
          })}
        </p>
        <table className="min-w-full">
          <caption className="sr-only">{t('surplusesCaption')}</caption>
          <thead>
            <tr>
              {HEADINGS.map((key) => (
                <th key={key} className={th}>
                  {t(key)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.data.items.map((s) => (
              <Fragment key={s.id}>
                <tr className="border-t border-slate-100 dark:border-navy-700">
                  <td className={td}>
                    {s.pledge_no}
                    <div className="text-xs text-slate-500 dark:text-slate-400">{s.lot_no}</div>
                  </td>
                  <td className={td}>
                    {s.customer_name}
                    <div className="text-xs text-slate-500 dark:text-slate-400">{s.mobile}</div>
                    {s.status === 'owed' ? <OwedShortfalls s={s} /> : null}
                  </td>
                  <td className={td}>{formatIndianDate(s.sale_date)}</td>
                  <td className={num}>{formatAmount(s.amount)}</td>
                  <td className={num}>{s.age_days}</td>
                  <td className={td}>{formatIndianDate(s.deliver_by)}</td>
                  <td className={td}>{formatIndianDate(s.deposit_due)}</td>
                  <td className={td}>
                    {s.status === 'owed'
                      ? t('owed')
                      : s.status === 'paid'
                        ? t('paidToName', { name: s.settled_to })
                        : t('depositedGovernment')}
                    {s.settled_on ? <div className="text-xs">{formatIndianDate(s.settled_on)}</div> : null}
                  </td>
                  <td className={td}>
                    {s.status === 'owed' ? (
                      <div className="flex flex-wrap gap-2">
                        <Button onClick={() => setOpen({ id: s.id, kind: 'pay' })}>{t('payOut')}</Button>
                        <Button
                          variant="secondary"
                          disabled={!s.may_deposit}
                          title={
                            s.may_deposit
                              ? undefined
                              : t('heldUntil', { date: formatIndianDate(s.deposit_due) })
                          }
                          onClick={() => setOpen({ id: s.id, kind: 'deposit' })}
                        >
                          {t('deposit')}
                        </Button>
                      </div>
                    ) : s.status === 'paid' ? (
                      <Link
                        to={`/auctions/surpluses/receipt?id=${s.id}`}
                        className="font-semibold text-brand-600 underline dark:text-brand-300"
                      >
                        {t('receipt')}
                      </Link>
                    ) : null}
                  </td>
                </tr>
                {open?.id === s.id ? (
                  <tr>
                    <td colSpan={9} className="px-3 pb-4">
                      {open.kind === 'pay' ? (
                        <PayForm s={s} onDone={() => setOpen(null)} />
                      ) : (
                        <DepositForm s={s} onDone={() => setOpen(null)} />
                      )}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
    );
  return (
    <div className="grid gap-4">
      <AuctionTabs />
      <Card
        title={t('surplusesTitle')}
        actions={
          <div className="flex items-center gap-2">
            <label htmlFor={statusId} className="text-sm font-medium">
              {t('show')}
            </label>
            <select
              id={statusId}
              value={status}
              onChange={(e) => setStatus(e.target.value as typeof status)}
              className="rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm dark:border-navy-600 dark:bg-navy-900"
            >
              <option value="owed">{t('owed')}</option>
              <option value="paid">{t('paid')}</option>
              <option value="deposited">{t('deposited')}</option>
            </select>
          </div>
        }
      >
        {body}
      </Card>
    </div>
  );
}

export default SurplusesPage;
