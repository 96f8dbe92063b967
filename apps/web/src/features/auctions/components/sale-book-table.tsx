import { formatIndianDate, isPlainDate, type SaleBook, type SaleBookRow } from '@pledge-desk/domain';
import { formatAmount, formatGramsFigure } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { useSearchParamSetter } from '@/lib/use-search-param-setter';
import { type AuctionKey, auctionBoth, auctionText } from '../i18n';

/** The sale book's dates kept in the address (`?from=&to=`), so print, reload and back keep them. */
export function useRangeParams() {
  const [search, setParam] = useSearchParamSetter();
  const read = (name: string) => {
    const v = search.get(name);
    return v !== null && (v === '' || isPlainDate(v)) ? v : null;
  };
  const set = (name: 'from' | 'to', value: string) => setParam(name, value);
  return { from: read('from'), to: read('to'), set };
}

/** The sale book's columns: their headings are printed in English and Tamil in every language. */
const HEADINGS: readonly AuctionKey[] = [
  'colSerial',
  'colLot',
  'colPledgeNo',
  'colPawner',
  'colArticlesWeights',
  'colSaleDate',
  'colBuyer',
  'colPrice',
  'colOutstanding',
  'colSurplus',
  'colShortfall',
];

const AMOUNT_HEADINGS: ReadonlySet<AuctionKey> = new Set([
  'colSerial',
  'colPrice',
  'colOutstanding',
  'colSurplus',
  'colShortfall',
]);

// Narrower cells than the other auction tables: eleven columns fit 1280 px beside the sidebar, the
// Shortfall column included, and the page of print.
const cell = 'px-2 py-2 align-top text-sm text-navy-700 dark:text-white print:px-1 print:text-xs';
const amount = `${cell} whitespace-nowrap text-right tabular-nums`;
const head =
  'px-2 py-2 align-bottom text-xs font-semibold text-slate-600 dark:text-slate-300 print:px-1 print:text-black';

/**
 * The sale book (Form G) rows, headings in English with the Tamil under it; with `totals`, the range's
 * totals under the rows (the print and the screen show the same figures).
 */
export function SaleBookTable({ rows, totals }: { rows: SaleBookRow[]; totals?: SaleBook['totals'] }) {
  const t = useT(auctionText);
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full">
        <caption className="sr-only">{t('saleBookCaption')}</caption>
        <thead>
          <tr>
            {HEADINGS.map((key) => (
              <th
                key={key}
                className={`${head} ${AMOUNT_HEADINGS.has(key) ? 'text-right' : 'text-left'}`}
                aria-label={`${auctionBoth.en(key)} / ${auctionBoth.ta(key)}`}
              >
                <span className="block">{auctionBoth.en(key)}</span>
                <span className="block font-normal" lang="ta">
                  {auctionBoth.ta(key)}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.sale_id} className="border-t border-slate-100 dark:border-navy-700">
              <td className={amount}>{r.serial}</td>
              <td className={cell}>{r.lot_no}</td>
              <td className={cell}>
                {r.pledge_no}
                <div className="text-xs text-slate-500 dark:text-slate-400">
                  {formatIndianDate(r.pledge_date)}
                </div>
              </td>
              <td className={cell}>
                {r.customer_name}
                <div className="text-xs text-slate-500 dark:text-slate-400">{r.address}</div>
              </td>
              <td className={cell}>
                <ul>
                  {r.articles.map((a) => (
                    <li key={a.item_id}>
                      {a.description} {formatGramsFigure(a.gross_weight)}/{formatGramsFigure(a.net_weight)} g
                    </li>
                  ))}
                </ul>
              </td>
              <td className={cell}>
                {formatIndianDate(r.sale_date)}
                <div className="text-xs text-slate-500 dark:text-slate-400">{r.auctioneer}</div>
              </td>
              <td className={cell}>
                {r.buyer_name}
                {r.buyer_address ? (
                  <div className="text-xs text-slate-500 dark:text-slate-400">{r.buyer_address}</div>
                ) : null}
              </td>
              <td className={amount}>{formatAmount(r.sale_price)}</td>
              <td className={amount}>{formatAmount(r.outstanding)}</td>
              <td className={amount}>{r.surplus > 0 ? formatAmount(r.surplus) : '—'}</td>
              <td className={amount}>{r.shortfall > 0 ? formatAmount(r.shortfall) : '—'}</td>
            </tr>
          ))}
        </tbody>
        {totals ? (
          <tfoot data-testid="sale-book-totals">
            <tr className="border-t-2 border-navy-700 font-semibold dark:border-slate-300">
              <th scope="row" colSpan={HEADINGS.length - 4} className={`${cell} text-left`}>
                {t('saleBookTotalRow', { sales: String(totals.sales) })}
              </th>
              <td className={amount}>{formatAmount(totals.sale_price)}</td>
              <td className={amount}>{formatAmount(totals.outstanding)}</td>
              <td className={amount}>{formatAmount(totals.surplus)}</td>
              <td className={amount}>{formatAmount(totals.shortfall)}</td>
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
