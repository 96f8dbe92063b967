import { formatIndianDate, PAYMENT_METHODS, type PaymentMethod } from '@pledge-desk/domain';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { formatRupeeAmount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { useSession } from '@/lib/session';
import { useSurplus } from '../api/auctions-api';
import { METHOD_KEYS, State } from '../components/bits';
import { type AuctionKey, auctionBoth, auctionText } from '../i18n';

const isMethod = (m: string | null): m is PaymentMethod => PAYMENT_METHODS.includes(m as PaymentMethod);

/** The receipt of an auction surplus paid out to the pawner (/auctions/surpluses/receipt?id=). */
export function SurplusReceiptPage() {
  const t = useT(auctionText);
  const [search] = useSearchParams();
  const id = Number(search.get('id') ?? '');
  const surplus = useSurplus(id);
  const { company } = useSession();
  if (!Number.isSafeInteger(id) || id <= 0) return <State kind="empty" message={t('choosePaidSurplus')} />;
  if (surplus.isPending) return <State kind="loading" message={t('loadingReceipt')} />;
  if (surplus.isError)
    return <State kind="error" message={errorMessage(surplus.error, t('receiptFailed'))} />;
  const s = surplus.data;
  // The receipt's labels are printed in English and Tamil in every language; the method in the chosen one.
  const method = isMethod(s.settled_method) ? t(METHOD_KEYS[s.settled_method]) : (s.settled_method ?? '—');
  const rows: [AuctionKey, string][] = [
    ['rcptVoucherNo', s.voucher_no ?? '—'],
    ['colPledgeNo', s.pledge_no],
    ['rcptLot', s.lot_no],
    ['colPawner', `${s.customer_name}${s.guardian_name ? `, ${s.guardian_name}` : ''}`],
    ['rcptAddress', s.address],
    ['rcptSaleDate', formatIndianDate(s.sale_date)],
    ['rcptSalePrice', formatRupeeAmount(s.sale_price)],
    ['rcptOutstanding', formatRupeeAmount(s.outstanding)],
    ['rcptSurplusPaid', formatRupeeAmount(s.amount)],
    ['rcptPaidOn', s.settled_on ? formatIndianDate(s.settled_on) : '—'],
    ['rcptPaidTo', s.settled_to ?? '—'],
    ['rcptMethod', `${method}${s.settled_reference ? ` (${s.settled_reference})` : ''}`],
  ];
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white px-5 py-3 shadow-sm print:hidden dark:bg-navy-800">
        <Link to="/auctions/surpluses" className="text-sm font-semibold text-brand-600 dark:text-brand-300">
          {t('backToSurpluses')}
        </Link>
        <Button onClick={() => window.print()} disabled={s.status !== 'paid'}>
          {t('print')}
        </Button>
      </div>
      <article
        aria-labelledby="surplus-receipt-title"
        className="mx-auto w-full max-w-2xl rounded-2xl bg-white p-6 shadow-sm dark:bg-navy-800 print:shadow-none"
      >
        <header className="mb-4 border-b border-slate-300 pb-3 text-center">
          <p className="text-lg font-bold">{company?.company_name ?? ''}</p>
          <p className="text-xs">{[company?.address, company?.city].filter(Boolean).join(', ')}</p>
          <h1 id="surplus-receipt-title" className="mt-2 text-base font-bold">
            {auctionBoth.en('receiptTitle')} <span lang="ta">/ {auctionBoth.ta('receiptTitle')}</span>
          </h1>
          {s.status !== 'paid' ? (
            <p role="status" className="mt-1 text-sm text-red-600 dark:text-red-400">
              {t('surplusNotPaid', { status: s.status })}
            </p>
          ) : null}
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
          {auctionBoth.en('receivedInFull')} <span lang="ta">{auctionBoth.ta('receivedInFull')}</span>
        </p>
        <div className="mt-12 flex justify-between text-sm">
          <span>{`${auctionBoth.en('receiverSignature')} / ${auctionBoth.ta('receiverSignature')}`}</span>
          <span>{t('receivedFor', { company: company?.company_name ?? '' })}</span>
        </div>
      </article>
    </div>
  );
}

export default SurplusReceiptPage;
