import { type AuctionShortfall, businessToday, formatIndianDate } from '@pledge-desk/domain';
import { Fragment, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../components/ui/use-crud-toasts';
import { formatAmount, formatRupeeAmount } from '../../../lib/format';
import { isAdmin } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useCollectShortfall, useShortfalls, useWriteOffShortfall } from '../api/auctions-api';
import { Alert, AuctionTabs, Card, MethodSelect, num, problemsOf, State, td, th } from '../components/bits';

function CollectForm({ s, onDone }: { s: AuctionShortfall; onDone: () => void }) {
  const [on, setOn] = useState(businessToday());
  const [amount, setAmount] = useState(String(s.open));
  const [method, setMethod] = useState('cash');
  const [reference, setReference] = useState('');
  const [confirmCash, setConfirmCash] = useState(false);
  const collect = useCollectShortfall();
  const problems = problemsOf(collect.error);
  return (
    <form
      aria-label={`Collect the shortfall of pledge ${s.pledge_no}`}
      className="grid gap-3 rounded-xl border border-slate-200 p-4 sm:grid-cols-4 dark:border-navy-600"
      onSubmit={(e) => {
        e.preventDefault();
        collect.mutate(
          {
            id: s.id,
            body: {
              on,
              amount: Number(amount),
              method,
              reference: reference || null,
              cash_limit_confirmed: confirmCash,
            },
          },
          { onSuccess: onDone },
        );
      }}
    >
      <DateField
        label="Collected on"
        value={on}
        onChange={(e) => setOn(e.target.value)}
        error={problems.fields.on}
      />
      <TextField
        label="Amount (Rs.)"
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
          label="Bank reference"
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
          {problems.fields.cash_limit_confirmed} Confirm the cash receipt.
        </label>
      ) : null}
      <div className="sm:col-span-4">
        <Alert message={problems.sentence} />
      </div>
      <div className="flex gap-2 sm:col-span-4">
        <Button type="submit" disabled={collect.isPending}>
          Collect
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function WriteOffForm({ s, onDone }: { s: AuctionShortfall; onDone: () => void }) {
  const [amount, setAmount] = useState(String(s.open));
  const [reason, setReason] = useState('');
  const writeOff = useWriteOffShortfall();
  const problems = problemsOf(writeOff.error);
  return (
    <form
      aria-label={`Write off the shortfall of pledge ${s.pledge_no}`}
      className="grid gap-3 rounded-xl border border-slate-200 p-4 sm:grid-cols-3 dark:border-navy-600"
      onSubmit={(e) => {
        e.preventDefault();
        writeOff.mutate({ id: s.id, body: { amount: Number(amount), reason } }, { onSuccess: onDone });
      }}
    >
      <TextField
        label="Amount (Rs.)"
        type="number"
        step="0.01"
        min="0"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={problems.fields.amount}
      />
      <TextField
        label="Reason"
        value={reason}
        maxLength={500}
        onChange={(e) => setReason(e.target.value)}
        error={problems.fields.reason}
      />
      <div className="flex items-end gap-2">
        <Button type="submit" variant="danger" disabled={writeOff.isPending}>
          Write off
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
      <div className="sm:col-span-3">
        <Alert message={problems.sentence} />
      </div>
    </form>
  );
}

/** Auction shortfalls (/auctions/shortfalls): receivable from pawners; collect, or write off (admin). */
export function ShortfallsPage() {
  const [status, setStatus] = useState<'open' | 'settled'>('open');
  const list = useShortfalls(status);
  const { user } = useSession();
  const admin = isAdmin(user);
  const [open, setOpen] = useState<{ id: number; kind: 'collect' | 'write-off' } | null>(null);
  const statusId = useId();
  let body: React.ReactNode;
  if (list.isPending) body = <State kind="loading" message="Loading the shortfalls..." />;
  else if (list.isError)
    body = <State kind="error" message={errorMessage(list.error, 'Failed to load the shortfalls.')} />;
  else if (list.data.items.length === 0) body = <State kind="empty" message={`No ${status} shortfalls.`} />;
  else
    body = (
      <div className="overflow-x-auto">
        <p className="mb-2 text-sm text-slate-600 dark:text-slate-300">
          Open in all {formatRupeeAmount(list.data.total_open)}
        </p>
        <table className="min-w-full">
          <caption className="sr-only">Auction shortfalls</caption>
          <thead>
            <tr>
              <th className={th}>Pledge / Lot</th>
              <th className={th}>Pawner</th>
              <th className={th}>Sale date</th>
              <th className={th}>Shortfall</th>
              <th className={th}>Collected</th>
              <th className={th}>Written off</th>
              <th className={th}>Open</th>
              <th className={th}>Actions</th>
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
                  </td>
                  <td className={td}>{formatIndianDate(s.sale_date)}</td>
                  <td className={num}>{formatAmount(s.amount)}</td>
                  <td className={num}>{formatAmount(s.collected)}</td>
                  <td className={num}>{formatAmount(s.written_off)}</td>
                  <td className={num}>{formatAmount(s.open)}</td>
                  <td className={td}>
                    {s.status === 'open' ? (
                      <div className="flex flex-wrap gap-2">
                        <Button onClick={() => setOpen({ id: s.id, kind: 'collect' })}>Collect</Button>
                        {admin ? (
                          <Button
                            variant="secondary"
                            onClick={() => setOpen({ id: s.id, kind: 'write-off' })}
                          >
                            Write off
                          </Button>
                        ) : null}
                      </div>
                    ) : (
                      'Settled'
                    )}
                  </td>
                </tr>
                {open?.id === s.id ? (
                  <tr>
                    <td colSpan={8} className="px-3 pb-4">
                      {open.kind === 'collect' ? (
                        <CollectForm s={s} onDone={() => setOpen(null)} />
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
        title="Auction Shortfalls (due from pawners)"
        actions={
          <div className="flex items-center gap-2">
            <label htmlFor={statusId} className="text-sm font-medium">
              Show
            </label>
            <select
              id={statusId}
              value={status}
              onChange={(e) => setStatus(e.target.value as typeof status)}
              className="rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm dark:border-navy-600 dark:bg-navy-900"
            >
              <option value="open">Open</option>
              <option value="settled">Settled</option>
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
