import {
  type AuctionShortfall,
  businessToday,
  formatIndianDate,
  type ShortfallCollected,
} from '@pledge-desk/domain';
import { Fragment, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { formatAmount, formatRupeeAmount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { isAdmin } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { useIdempotentSubmit } from '@/lib/use-idempotent-submit';
import { useCollectShortfall, useShortfalls, useWriteOffShortfall } from '../api/auctions-api';
import { Alert, AuctionTabs, Card, MethodSelect, num, problemsOf, State, td, th } from '../components/bits';
import { type AuctionKey, auctionText } from '../i18n';

const HEADINGS: readonly AuctionKey[] = [
  'pledgeLot',
  'pawner',
  'saleDate',
  'shortfall',
  'collected',
  'writtenOff',
  'open',
  'actions',
];

/**
 * The surpluses the same pawner is still owed on other pledges, said where the
 * shortfall is collected, so the clerk settles the two together with the pawner.
 */
function OwedSurpluses({ s }: { s: AuctionShortfall }) {
  const t = useT(auctionText);
  if (s.pawner_surpluses.length === 0) return null;
  return (
    <ul className="mt-1 grid gap-0.5 text-xs font-medium text-amber-700 dark:text-amber-300">
      {s.pawner_surpluses.map((o) => (
        <li key={o.surplus_id}>
          {t('pawnerOwedSurplus', { amount: formatRupeeAmount(o.amount), pledge: o.pledge_no })}
        </li>
      ))}
    </ul>
  );
}

function CollectForm({
  s,
  onDone,
  onCollected,
}: {
  s: AuctionShortfall;
  onDone: () => void;
  onCollected: (done: ShortfallCollected) => void;
}) {
  const t = useT(auctionText);
  const messageText = useMessageText();
  const [on, setOn] = useState(businessToday());
  const [amount, setAmount] = useState(String(s.open));
  const [method, setMethod] = useState('cash');
  const [reference, setReference] = useState('');
  const [confirmCash, setConfirmCash] = useState(false);
  const collect = useCollectShortfall();
  const submission = useIdempotentSubmit();
  const problems = problemsOf(collect.error);
  return (
    <form
      aria-label={t('collectForm', { pledge: s.pledge_no })}
      className="grid gap-3 rounded-xl border border-slate-200 p-4 sm:grid-cols-4 dark:border-navy-600"
      onSubmit={(e) => {
        e.preventDefault();
        const body = {
          on,
          amount: Number(amount),
          method,
          reference: reference || null,
          cash_limit_confirmed: confirmCash,
        };
        submission.send({ id: s.id, body }, (key) => collect.mutateAsync({ id: s.id, body, key }), {
          onSuccess: onCollected,
        });
      }}
    >
      {s.pawner_surpluses.length > 0 ? (
        <div role="note" className="sm:col-span-4">
          <OwedSurpluses s={s} />
        </div>
      ) : null}
      <DateField
        label={t('collectedOn')}
        value={on}
        onChange={(e) => setOn(e.target.value)}
        error={problems.fields.on && messageText(problems.fields.on)}
      />
      <TextField
        label={t('amountRs')}
        type="number"
        step="0.01"
        min="0"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={problems.fields.amount}
      />
      <MethodSelect
        value={method}
        onChange={setMethod}
        error={problems.fields.method ?? problems.fields.payment_method}
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
          {`${messageText(problems.fields.cash_limit_confirmed)} ${t('confirmCashReceipt')}`}
        </label>
      ) : null}
      <div className="sm:col-span-4">
        <Alert message={problems.sentence} />
      </div>
      <div className="flex gap-2 sm:col-span-4">
        <Button type="submit" disabled={collect.isPending}>
          {t('collect')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

function WriteOffForm({ s, onDone }: { s: AuctionShortfall; onDone: () => void }) {
  const t = useT(auctionText);
  const [amount, setAmount] = useState(String(s.open));
  const [reason, setReason] = useState('');
  const writeOff = useWriteOffShortfall();
  const submission = useIdempotentSubmit();
  const problems = problemsOf(writeOff.error);
  return (
    <form
      aria-label={t('writeOffForm', { pledge: s.pledge_no })}
      className="grid gap-3 rounded-xl border border-slate-200 p-4 sm:grid-cols-3 dark:border-navy-600"
      onSubmit={(e) => {
        e.preventDefault();
        const body = { amount: Number(amount), reason };
        submission.send({ id: s.id, body }, (key) => writeOff.mutateAsync({ id: s.id, body, key }), {
          onSuccess: onDone,
        });
      }}
    >
      <TextField
        label={t('amountRs')}
        type="number"
        step="0.01"
        min="0"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={problems.fields.amount}
      />
      <TextField
        label={t('reason')}
        value={reason}
        maxLength={500}
        onChange={(e) => setReason(e.target.value)}
        error={problems.fields.reason}
      />
      <div className="flex items-end gap-2">
        <Button type="submit" variant="danger" disabled={writeOff.isPending}>
          {t('writeOff')}
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

/** The receipt of the collection just made: its number and a link to print it. */
function CollectedReceipt({ done }: { done: ShortfallCollected }) {
  const t = useT(auctionText);
  const last = done.settlements.find((x) => x.id === done.settlement_id);
  return (
    <div
      role="status"
      className="mb-3 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
    >
      <span>
        {t('collectedReceipt', {
          amount: formatRupeeAmount(last?.amount ?? 0),
          pawner: done.customer_name,
          receipt: done.receipt_no,
        })}
      </span>
      <Link
        to={`/auctions/shortfalls/receipt?id=${done.settlement_id}`}
        className="font-semibold text-brand-700 underline dark:text-brand-300"
      >
        {t('printReceipt', { receipt: done.receipt_no })}
      </Link>
    </div>
  );
}

/** Auction shortfalls (/auctions/shortfalls): receivable from pawners; collect, or write off (admin). */
export function ShortfallsPage() {
  const t = useT(auctionText);
  const [status, setStatus] = useState<'open' | 'settled'>('open');
  const list = useShortfalls(status);
  const { user } = useSession();
  const admin = isAdmin(user);
  const [open, setOpen] = useState<{ id: number; kind: 'collect' | 'write-off' } | null>(null);
  // The last collection's receipt, to print.
  const [collected, setCollected] = useState<ShortfallCollected | null>(null);
  const statusId = useId();
  let body: React.ReactNode;
  if (list.isPending) body = <State kind="loading" message={t('loadingShortfalls')} />;
  else if (list.isError)
    body = <State kind="error" message={errorMessage(list.error, t('shortfallsFailed'))} />;
  else if (list.data.items.length === 0)
    body = <State kind="empty" message={t('noShortfalls', { status })} />;
  else
    body = (
      <div className="overflow-x-auto">
        <p className="mb-2 text-sm text-slate-600 dark:text-slate-300">
          {t('openInAll', { amount: formatRupeeAmount(list.data.total_open) })}
        </p>
        {collected ? <CollectedReceipt done={collected} /> : null}
        <table className="min-w-full">
          <caption className="sr-only">{t('shortfallsCaption')}</caption>
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
                    <OwedSurpluses s={s} />
                  </td>
                  <td className={td}>{formatIndianDate(s.sale_date)}</td>
                  <td className={num}>{formatAmount(s.amount)}</td>
                  <td className={num}>
                    {formatAmount(s.collected)}
                    {s.settlements.some((x) => x.receipt_no) ? (
                      <ul aria-label={t('receiptsOf')} className="text-xs">
                        {s.settlements.map((x) =>
                          x.receipt_no ? (
                            <li key={x.id}>
                              <Link
                                to={`/auctions/shortfalls/receipt?id=${x.id}`}
                                className="font-mono whitespace-nowrap text-brand-600 underline dark:text-brand-300"
                              >
                                {x.receipt_no}
                              </Link>
                            </li>
                          ) : null,
                        )}
                      </ul>
                    ) : null}
                  </td>
                  <td className={num}>{formatAmount(s.written_off)}</td>
                  <td className={num}>{formatAmount(s.open)}</td>
                  <td className={td}>
                    {s.status === 'open' ? (
                      <div className="flex flex-wrap gap-2">
                        <Button onClick={() => setOpen({ id: s.id, kind: 'collect' })}>{t('collect')}</Button>
                        {admin ? (
                          <Button
                            variant="secondary"
                            onClick={() => setOpen({ id: s.id, kind: 'write-off' })}
                          >
                            {t('writeOff')}
                          </Button>
                        ) : null}
                      </div>
                    ) : (
                      t('settled')
                    )}
                  </td>
                </tr>
                {open?.id === s.id ? (
                  <tr>
                    <td colSpan={8} className="px-3 pb-4">
                      {open.kind === 'collect' ? (
                        <CollectForm
                          s={s}
                          onDone={() => setOpen(null)}
                          onCollected={(done) => {
                            setOpen(null);
                            setCollected(done);
                          }}
                        />
                      ) : (
                        <WriteOffForm s={s} onDone={() => setOpen(null)} />
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
        title={t('shortfallsTitle')}
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
              <option value="open">{t('open')}</option>
              <option value="settled">{t('settled')}</option>
            </select>
          </div>
        }
      >
        {body}
      </Card>
    </div>
  );
}

export default ShortfallsPage;
