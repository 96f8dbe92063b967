import { type AuctionCatalogueEntry, formatIndianDate } from '@pledge-desk/domain';
import { Fragment, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { formatAmount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { useSession } from '@/lib/session';
import { useLot, useWithdraw } from '../api/auctions-api';
import { Alert, AuctionTabs, num, problemsOf, State, td, th } from '../components/bits';
import { SaleForm } from '../components/sale-form';
import { type AuctionKey, auctionBoth, auctionText } from '../i18n';

const STATE_LABEL: Record<AuctionCatalogueEntry['state'], AuctionKey> = {
  in_lot: 'stateInLot',
  sold: 'stateSold',
  withdrawn: 'stateWithdrawn',
  closed: 'stateClosed',
};

/** A printed heading of the catalogue: the English with the Tamil after it, in every language. */
function Both({ k }: { k: AuctionKey }) {
  return (
    <>
      {auctionBoth.en(k)} <span lang="ta">/ {auctionBoth.ta(k)}</span>
    </>
  );
}

function WithdrawForm({
  lotId,
  entry,
  onDone,
}: {
  lotId: number;
  entry: AuctionCatalogueEntry;
  onDone: () => void;
}) {
  const t = useT(auctionText);
  const [reason, setReason] = useState('');
  const withdraw = useWithdraw(lotId);
  const problems = problemsOf(withdraw.error);
  return (
    <form
      aria-label={t('withdrawForm', { pledge: entry.pledge_no })}
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        withdraw.mutate({ pledge_id: entry.pledge_id, reason }, { onSuccess: onDone });
      }}
    >
      <TextField
        label={t('withdrawReason')}
        value={reason}
        maxLength={500}
        onChange={(e) => setReason(e.target.value)}
        error={problems.fields.reason}
      />
      <Button type="submit" variant="danger" disabled={withdraw.isPending}>
        {t('withdraw')}
      </Button>
      <Button variant="secondary" onClick={onDone}>
        {t('cancel')}
      </Button>
      <Alert message={problems.sentence} />
    </form>
  );
}

/** The catalogue's first columns, headed in English and Tamil in every language. */
const HEADINGS: readonly AuctionKey[] = ['colPledgeNo', 'colPawner', 'colArticles'];

/** An auction lot (/auctions/lot?id=): the catalogue (printable), and the sale of each pledge. */
export function AuctionLotPage() {
  const t = useT(auctionText);
  const [search] = useSearchParams();
  const lotId = Number(search.get('id') ?? '');
  const lot = useLot(lotId);
  const { company } = useSession();
  const [open, setOpen] = useState<{ pledgeId: number; kind: 'sale' | 'withdraw' } | null>(null);

  if (!Number.isSafeInteger(lotId) || lotId <= 0)
    return (
      <div className="grid gap-4">
        <AuctionTabs />
        <State kind="empty" message={t('chooseLot')} />
      </div>
    );
  if (lot.isPending) return <State kind="loading" message={t('loadingLot')} />;
  if (lot.isError) return <State kind="error" message={errorMessage(lot.error, t('lotFailed'))} />;
  const l = lot.data;

  return (
    <div className="grid gap-4">
      <AuctionTabs />
      <div className="flex flex-wrap justify-end gap-2 print:hidden">
        <Button variant="secondary" onClick={() => window.print()}>
          {t('printCatalogue')}
        </Button>
      </div>
      <section
        aria-labelledby="catalogue-title"
        className="rounded-2xl bg-white shadow-sm dark:bg-navy-800 print:shadow-none"
      >
        <header className="border-b border-slate-200 px-5 py-4 text-center dark:border-navy-600">
          <p className="text-base font-bold text-navy-700 dark:text-white">{company?.company_name ?? ''}</p>
          <h1 id="catalogue-title" className="mt-1 text-lg font-bold text-navy-700 dark:text-white">
            <Both k="catalogueTitle" /> — {l.lot_no}
          </h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {auctionBoth.en('catalogueDate')} <span lang="ta">({auctionBoth.ta('catalogueDate')})</span>:{' '}
            {formatIndianDate(l.auction_date)}
            {l.venue
              ? ` · ${auctionBoth.en('catalogueVenue')} (${auctionBoth.ta('catalogueVenue')}): ${l.venue}`
              : ''}
            {l.auctioneer
              ? ` · ${auctionBoth.en('catalogueAuctioneer')} (${auctionBoth.ta('catalogueAuctioneer')}): ${l.auctioneer}`
              : ''}{' '}
            · {l.status === 'open' ? t('lotOpen') : t('lotClosed')}
          </p>
        </header>
        {l.entries.length === 0 ? (
          <State kind="empty" message={t('noLotPledges')} />
        ) : (
          <div className="overflow-x-auto">
            <table className="min-w-full">
              <caption className="sr-only">{t('catalogueCaption', { lot: l.lot_no })}</caption>
              <thead>
                <tr>
                  {HEADINGS.map((key) => (
                    <th key={key} className={th}>
                      {`${auctionBoth.en(key)} / ${auctionBoth.ta(key)}`}
                    </th>
                  ))}
                  <th className={th}>{t('colGross')}</th>
                  <th className={th}>{t('colNet')}</th>
                  <th
                    className={th}
                  >{`${auctionBoth.en('colOutstanding')} / ${auctionBoth.ta('colOutstanding')}`}</th>
                  <th className={th}>{t('status')}</th>
                  <th className={`${th} print:hidden`}>{t('actions')}</th>
                </tr>
              </thead>
              <tbody>
                {l.entries.map((e) => (
                  <Fragment key={e.lot_pledge_id}>
                    <tr className="border-t border-slate-100 dark:border-navy-700">
                      <td className={td}>
                        {e.pledge_no}
                        <div className="text-xs text-slate-500 dark:text-slate-400">
                          {t('noticeNo', { notice: e.notice_no })}
                        </div>
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
                          {t('asOf', { date: formatIndianDate(e.outstanding_as_of) })}
                        </div>
                      </td>
                      <td className={td}>
                        {t(STATE_LABEL[e.state])}
                        {e.sale ? (
                          <div className="text-xs">
                            {t('soldTo', {
                              price: formatAmount(e.sale.sale_price),
                              buyer: e.sale.buyer_name,
                            })}
                            {e.sale.surplus > 0
                              ? t('surplusPart', { amount: formatAmount(e.sale.surplus) })
                              : ''}
                            {e.sale.shortfall > 0
                              ? t('shortfallPart', { amount: formatAmount(e.sale.shortfall) })
                              : ''}
                          </div>
                        ) : null}
                        {e.withdrawn_reason ? <div className="text-xs">{e.withdrawn_reason}</div> : null}
                      </td>
                      <td className={`${td} print:hidden`}>
                        {e.state === 'in_lot' ? (
                          <div className="flex flex-wrap gap-2">
                            <Button onClick={() => setOpen({ pledgeId: e.pledge_id, kind: 'sale' })}>
                              {t('recordSale')}
                            </Button>
                            <Button
                              variant="secondary"
                              onClick={() => setOpen({ pledgeId: e.pledge_id, kind: 'withdraw' })}
                            >
                              {t('withdraw')}
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
                    {`${auctionBoth.en('total')} / ${auctionBoth.ta('total')} ${t('articlesCount', { count: l.totals.items })}`}
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
