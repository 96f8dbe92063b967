import { formatIndianDate, PAYMENT_METHODS, type PaymentMethod } from '@pledge-desk/domain';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { formatRupeeAmount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { useSession } from '@/lib/session';
import { useShortfallReceipt } from '../api/auctions-api';
import { METHOD_KEYS, State } from '../components/bits';
import { type AuctionKey, auctionBoth, auctionText } from '../i18n';

const isMethod = (m: string | null): m is PaymentMethod => PAYMENT_METHODS.includes(m as PaymentMethod);

/**
 * The receipt of money collected on an auction shortfall (/auctions/shortfalls/receipt?id=, the
 * collection): cash taken in always gets a numbered, printable receipt. Its labels
 * are printed in English and Tamil in every language, as the surplus payout's are.
 */
export function ShortfallReceiptPage() {
  const t = useT(auctionText);
  const [search] = useSearchParams();
  const id = Number(search.get('id') ?? '');
  const receipt = useShortfallReceipt(id);
  const { company } = useSession();
  if (!Number.isSafeInteger(id) || id <= 0) return <State kind="empty" message={t('chooseCollection')} />;
  if (receipt.isPending) return <State kind="loading" message={t('loadingReceipt')} />;
  if (receipt.isError)
    return <State kind="error" message={errorMessage(receipt.error, t('receiptFailed'))} />;
  const r = receipt.data;
  const method = isMethod(r.method) ? t(METHOD_KEYS[r.method]) : (r.method ?? '—');
  const rows: [AuctionKey, string][] = [
    ['rcptReceiptNo', r.receipt_no ?? '—'],
    ['rcptReceivedOn', formatIndianDate(r.collected_on)],
    ['colPledgeNo', r.pledge_no],
    ['rcptLot', r.lot_no],
    ['colPawner', `${r.customer_name}${r.guardian_name ? `, ${r.guardian_name}` : ''}`],
    ['rcptAddress', r.address],
    ['rcptSaleDate', formatIndianDate(r.sale_date)],
    ['rcptSalePrice', formatRupeeAmount(r.sale_price)],
    ['rcptOutstanding', formatRupeeAmount(r.outstanding)],
    ['rcptShortfall', formatRupeeAmount(r.shortfall)],
    ['rcptAmountReceived', formatRupeeAmount(r.amount)],
    ['rcptMethod', `${method}${r.reference ? ` (${r.reference})` : ''}`],
    ['rcptOpenAfter', formatRupeeAmount(r.open_after)],
    ['rcptVoucher', r.voucher_no],
  ];
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white px-5 py-3 shadow-sm print:hidden dark:bg-navy-800">
        <Link to="/auctions/shortfalls" className="text-sm font-semibold text-brand-600 dark:text-brand-300">
          {t('backToShortfalls')}
        </Link>
        <Button onClick={() => window.print()}>{t('print')}</Button>
      </div>
      <article
        aria-labelledby="shortfall-receipt-title"
        className="mx-auto w-full max-w-2xl rounded-2xl bg-white p-6 shadow-sm dark:bg-navy-800 print:shadow-none"
      >
        <header className="mb-4 border-b border-slate-300 pb-3 text-center">
          <p className="text-lg font-bold">{company?.company_name ?? ''}</p>
          <p className="text-xs">{[company?.address, company?.city].filter(Boolean).join(', ')}</p>
          <h1 id="shortfall-receipt-title" className="mt-2 text-base font-bold">
            {auctionBoth.en('sfReceiptTitle')} <span lang="ta">/ {auctionBoth.ta('sfReceiptTitle')}</span>
          </h1>
        </header>
        <table className="w-full text-sm">
          <tbody>
            {rows.map(([key, value]) => (
              <tr key={key} className="border-b border-slate-100">
                <th scope="row" className="py-1.5 pr-4 text-left font-medium">
                  {auctionBoth.en(key)}{' '}
                  <span lang="ta" className="text-slate-500 dark:text-slate-400">
                    / {auctionBoth.ta(key)}
                  </span>
                </th>
                <td className="py-1.5">{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-4 text-sm">
          {auctionBoth.en('sfReceived')} <span lang="ta">{auctionBoth.ta('sfReceived')}</span>
        </p>
        <div className="mt-12 flex justify-between text-sm">
          <span>{`${auctionBoth.en('cashierSignature')} / ${auctionBoth.ta('cashierSignature')}`}</span>
          <span>{t('receivedFor', { company: company?.company_name ?? '' })}</span>
        </div>
      </article>
    </div>
  );
}

export default ShortfallReceiptPage;
