import { formatIndianDate, isPlainDate, type SaleBookRow } from '@pledge-desk/domain';
import { formatAmount } from '../../../lib/format';
import { useT } from '../../../lib/i18n/language';
import { useSearchParamSetter } from '../../../lib/use-search-param-setter';
import { type AuctionKey, auctionBoth, auctionText } from '../i18n';
import { num, td, th } from './bits';

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

/** The sale book (Form G) rows, headings in English and Tamil. */
export function SaleBookTable({ rows }: { rows: SaleBookRow[] }) {
  const t = useT(auctionText);
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full">
        <caption className="sr-only">{t('saleBookCaption')}</caption>
        <thead>
          <tr>
            {HEADINGS.map((key) => (
              <th key={key} className={th}>
                {`${auctionBoth.en(key)} / ${auctionBoth.ta(key)}`}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.sale_id} className="border-t border-slate-100 dark:border-navy-700">
              <td className={num}>{r.serial}</td>
              <td className={td}>{r.lot_no}</td>
              <td className={td}>
                {r.pledge_no}
                <div className="text-xs text-slate-500 dark:text-slate-400">
                  {formatIndianDate(r.pledge_date)}
                </div>
              </td>
              <td className={td}>
                {r.customer_name}
                <div className="text-xs text-slate-500 dark:text-slate-400">{r.address}</div>
              </td>
              <td className={td}>
                <ul>
                  {r.articles.map((a) => (
                    <li key={a.item_id}>
                      {a.description} {a.gross_weight.toFixed(3)}/{a.net_weight.toFixed(3)} g
                    </li>
                  ))}
                </ul>
              </td>
              <td className={td}>
                {formatIndianDate(r.sale_date)}
                <div className="text-xs text-slate-500 dark:text-slate-400">{r.auctioneer}</div>
              </td>
              <td className={td}>
                {r.buyer_name}
                {r.buyer_address ? (
                  <div className="text-xs text-slate-500 dark:text-slate-400">{r.buyer_address}</div>
                ) : null}
              </td>
              <td className={num}>{formatAmount(r.sale_price)}</td>
              <td className={num}>{formatAmount(r.outstanding)}</td>
              <td className={num}>{r.surplus > 0 ? formatAmount(r.surplus) : '—'}</td>
              <td className={num}>{r.shortfall > 0 ? formatAmount(r.shortfall) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
