import { type AuctionCatalogueEntry, formatIndianDate } from '@pledge-desk/domain';
import { Fragment, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../components/ui/use-crud-toasts';
import { formatAmount } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useLot, useWithdraw } from '../api/auctions-api';
import { Alert, AuctionTabs, num, problemsOf, State, td, th } from '../components/bits';
import { SaleForm } from '../components/sale-form';

const STATE_LABEL: Record<AuctionCatalogueEntry['state'], string> = {
  in_lot: 'For sale',
  sold: 'Sold',
  withdrawn: 'Withdrawn',
  closed: 'Closed (paid)',
};

function WithdrawForm({
  lotId,
  entry,
  onDone,
}: {
  lotId: number;
  entry: AuctionCatalogueEntry;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  const withdraw = useWithdraw(lotId);
  const problems = problemsOf(withdraw.error);
  return (
    <form
      aria-label={`Withdraw pledge ${entry.pledge_no}`}
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        withdraw.mutate({ pledge_id: entry.pledge_id, reason }, { onSuccess: onDone });
      }}
    >
      <TextField
        label="Reason for withdrawal"
        value={reason}
        maxLength={500}
        onChange={(e) => setReason(e.target.value)}
        error={problems.fields.reason}
      />
      <Button type="submit" variant="danger" disabled={withdraw.isPending}>
        Withdraw
      </Button>
      <Button variant="secondary" onClick={onDone}>
        Cancel
      </Button>
      <Alert message={problems.sentence} />
    </form>
  );
}

/** An auction lot (/auctions/lot?id=): the catalogue (printable), and the sale of each pledge. */
export function AuctionLotPage() {
  const [search] = useSearchParams();
  const lotId = Number(search.get('id') ?? '');
  const lot = useLot(lotId);
  const { company } = useSession();
  const [open, setOpen] = useState<{ pledgeId: number; kind: 'sale' | 'withdraw' } | null>(null);

  if (!Number.isSafeInteger(lotId) || lotId <= 0)
    return (
      <div className="grid gap-4">
        <AuctionTabs />
        <State kind="empty" message="Choose a lot on the Auction Lots screen." />
      </div>
    );
  if (lot.isPending) return <State kind="loading" message="Loading the lot..." />;
  if (lot.isError) return <State kind="error" message={errorMessage(lot.error, 'Failed to load the lot.')} />;
  const l = lot.data;

  return (
    <div className="grid gap-4">
      <AuctionTabs />
      <div className="flex flex-wrap justify-end gap-2 print:hidden">
        <Button variant="secondary" onClick={() => window.print()}>
          Print catalogue
        </Button>
      </div>
      <section
        aria-labelledby="catalogue-title"
        className="rounded-2xl bg-white shadow-sm dark:bg-navy-800 print:shadow-none"
      >
        <header className="border-b border-slate-200 px-5 py-4 text-center dark:border-navy-600">
          <p className="text-base font-bold text-navy-700 dark:text-white">{company?.company_name ?? ''}</p>
          <h1 id="catalogue-title" className="mt-1 text-lg font-bold text-navy-700 dark:text-white">
            Auction Catalogue <span lang="ta">/ ஏல பட்டியல்</span> — {l.lot_no}
          </h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Auction date <span lang="ta">(ஏல தேதி)</span>: {formatIndianDate(l.auction_date)}
            {l.venue ? ` · Venue (இடம்): ${l.venue}` : ''}
            {l.auctioneer ? ` · Auctioneer (ஏலதாரர்): ${l.auctioneer}` : ''} ·{' '}
            {l.status === 'open' ? 'Open' : 'Closed'}
          </p>
        </header>
        {l.entries.length === 0 ? (
          <State kind="empty" message="This lot has no pledges." />
        ) : (
          <div className="overflow-x-auto">
            <table className="min-w-full">
              <caption className="sr-only">Catalogue of lot {l.lot_no}</caption>
              <thead>
                <tr>
                  <th className={th}>Pledge No. / அடகு எண்</th>
                  <th className={th}>Pawner / அடகு வைத்தவர்</th>
                  <th className={th}>Articles / பொருட்கள்</th>
                  <th className={th}>Gross (g)</th>
                  <th className={th}>Net (g)</th>
                  <th className={th}>Outstanding / நிலுவை</th>
                  <th className={th}>Status</th>
                  <th className={`${th} print:hidden`}>Actions</th>
                </tr>
              </thead>
              <tbody>
                {l.entries.map((e) => (
                  <Fragment key={e.lot_pledge_id}>
                    <tr className="border-t border-slate-100 dark:border-navy-700">
                      <td className={td}>
                        {e.pledge_no}
                        <div className="text-xs text-slate-500 dark:text-slate-400">Notice {e.notice_no}</div>
                      </td>
                      <td className={td}>
                        {e.customer_name}
                        <div className="text-xs text-slate-500 dark:text-slate-400">{e.address}</div>
                      </td>
                      <td className={td}>
                        <ul>
                          {e.articles.map((a) => (
                            <li key={a.item_id}>
                              {a.description}
                              {a.condition ? ` (${a.condition})` : ''} — {a.gross_weight.toFixed(3)} /{' '}
                              {a.net_weight.toFixed(3)} g
                            </li>
                          ))}
                        </ul>
                      </td>
                      <td className={num}>{e.gross_weight.toFixed(3)}</td>
                      <td className={num}>{e.net_weight.toFixed(3)}</td>
                      <td className={num}>
                        {formatAmount(e.outstanding)}
                        <div className="text-xs text-slate-500 dark:text-slate-400">
                          as of {formatIndianDate(e.outstanding_as_of)}
                        </div>
                      </td>
                      <td className={td}>
                        {STATE_LABEL[e.state]}
                        {e.sale ? (
                          <div className="text-xs">
                            {formatAmount(e.sale.sale_price)} to {e.sale.buyer_name}
                            {e.sale.surplus > 0 ? `; surplus ${formatAmount(e.sale.surplus)}` : ''}
                            {e.sale.shortfall > 0 ? `; shortfall ${formatAmount(e.sale.shortfall)}` : ''}
                          </div>
                        ) : null}
                        {e.withdrawn_reason ? <div className="text-xs">{e.withdrawn_reason}</div> : null}
                      </td>
                      <td className={`${td} print:hidden`}>
                        {e.state === 'in_lot' ? (
                          <div className="flex flex-wrap gap-2">
                            <Button onClick={() => setOpen({ pledgeId: e.pledge_id, kind: 'sale' })}>
                              Record sale
                            </Button>
                            <Button
                              variant="secondary"
                              onClick={() => setOpen({ pledgeId: e.pledge_id, kind: 'withdraw' })}
                            >
                              Withdraw
                            </Button>
                          </div>
                        ) : null}
                      </td>
                    </tr>
                    {open?.pledgeId === e.pledge_id ? (
                      <tr className="print:hidden">
                        <td colSpan={8} className="px-3 pb-4">
                          {open.kind === 'sale' ? (
                            <SaleForm
                              lotId={l.id}
                              entry={e}
                              defaultAuctioneer={l.auctioneer ?? ''}
                              onDone={() => setOpen(null)}
                            />
                          ) : (
                            <WithdrawForm lotId={l.id} entry={e} onDone={() => setOpen(null)} />
                          )}
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                ))}
              </tbody>
              <tfoot>
                <tr className="border-t-2 border-slate-300 font-semibold">
                  <td className={td} colSpan={2}>
                    Total / மொத்தம் ({l.totals.items} articles)
                  </td>
                  <td className={td} />
                  <td className={num}>{l.totals.gross_weight.toFixed(3)}</td>
                  <td className={num}>{l.totals.net_weight.toFixed(3)}</td>
                  <td className={num}>{formatAmount(l.totals.outstanding)}</td>
                  <td className={td} colSpan={2} />
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

export default AuctionLotPage;
