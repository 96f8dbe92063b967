import { formatIndianDate, type PledgeView } from '@pledge-desk/domain';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { formatRupeeAmount } from '../../../lib/format';
import { usePledgeRepledges } from '../api/bank-repledges-api';
import { MoveToBankDialog, ReturnFromBankDialog } from './bank-dialogs';

/**
 * The pledge detail's bank part (issue 15 item 3): where its articles are, their trips to banks, and
 * Move to Bank (an open, active pledge in the vault) or Return from Bank (one at a bank).
 */
export function PledgeBankSection({ pledge }: { pledge: PledgeView }) {
  const trips = usePledgeRepledges(pledge.pledge_id);
  const [dialog, setDialog] = useState<'move' | 'return' | null>(null);
  const open = trips.data?.find((r) => r.status === 'open') ?? null;
  const canMove = !pledge.closed_date && pledge.status === 'active' && !pledge.is_move_to_bank;

  return (
    <section className="space-y-3" aria-labelledby={`bank-${pledge.pledge_id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`bank-${pledge.pledge_id}`} className="text-sm font-bold text-navy-700 dark:text-white">
          Bank <span lang="ta">/ வங்கி</span>
        </h3>
        {open ? (
          <Button variant="secondary" onClick={() => setDialog('return')}>
            Return from Bank
          </Button>
        ) : canMove ? (
          <Button variant="secondary" onClick={() => setDialog('move')}>
            Move to Bank
          </Button>
        ) : null}
      </div>
      {trips.isPending ? (
        <p role="status" className="text-sm text-slate-500 dark:text-slate-400">
          Loading the bank record...
        </p>
      ) : trips.isError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          Failed to fetch the pledge's bank record.
        </p>
      ) : trips.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {pledge.is_move_to_bank
            ? 'Marked as at a bank before re-pledges were recorded.'
            : 'The articles are in the vault; they have not been re-pledged with a bank.'}
        </p>
      ) : (
        <ul className="space-y-1 text-sm text-navy-700 dark:text-slate-100">
          {trips.data.map((r) => (
            <li key={r.id}>
              {`${r.bank_name}, ref. ${r.bank_reference}: ${formatRupeeAmount(r.amount_borrowed)} borrowed on ${formatIndianDate(r.pledged_on)}`}
              {r.returned_on
                ? `, back on ${formatIndianDate(r.returned_on)} (interest ${formatRupeeAmount(r.bank_interest ?? 0)})`
                : `, at the bank for ${r.days_at_bank} days`}
            </li>
          ))}
        </ul>
      )}
      {dialog === 'move' ? <MoveToBankDialog pledge={pledge} onClose={() => setDialog(null)} /> : null}
      {dialog === 'return' && open ? (
        <ReturnFromBankDialog repledge={open} onClose={() => setDialog(null)} />
      ) : null}
    </section>
  );
}
