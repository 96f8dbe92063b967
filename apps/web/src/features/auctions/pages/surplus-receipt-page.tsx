import { formatIndianDate, PAYMENT_METHOD_LABELS, type PaymentMethod } from '@pledge-desk/domain';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../components/ui/use-crud-toasts';
import { formatRupeeAmount } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useSurplus } from '../api/auctions-api';
import { State } from '../components/bits';

/** The receipt of an auction surplus paid out to the pawner (/auctions/surpluses/receipt?id=). */
export function SurplusReceiptPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id') ?? '');
  const surplus = useSurplus(id);
  const { company } = useSession();
  if (!Number.isSafeInteger(id) || id <= 0)
    return (
      <State kind="empty" message="Choose a paid surplus on the Surpluses screen to print its receipt." />
    );
  if (surplus.isPending) return <State kind="loading" message="Loading the receipt..." />;
  if (surplus.isError)
    return <State kind="error" message={errorMessage(surplus.error, 'Failed to load the receipt.')} />;
  const s = surplus.data;
  const rows: [string, string, string][] = [
    ['Receipt / Voucher No.', 'ரசீது எண்', s.voucher_no ?? '—'],
    ['Pledge No.', 'அடகு எண்', s.pledge_no],
    ['Auction lot', 'ஏல தொகுதி', s.lot_no],
    ['Pawner', 'அடகு வைத்தவர்', `${s.customer_name}${s.guardian_name ? `, ${s.guardian_name}` : ''}`],
    ['Address', 'முகவரி', s.address],
    ['Date of sale', 'விற்பனை தேதி', formatIndianDate(s.sale_date)],
    ['Sale price', 'விற்பனை விலை', formatRupeeAmount(s.sale_price)],
    ['Outstanding on the sale date', 'விற்பனை நாளில் நிலுவை', formatRupeeAmount(s.outstanding)],
    ['Surplus paid', 'செலுத்திய உபரி', formatRupeeAmount(s.amount)],
    ['Paid on', 'செலுத்திய தேதி', s.settled_on ? formatIndianDate(s.settled_on) : '—'],
    ['Paid to', 'பெற்றவர்', s.settled_to ?? '—'],
    [
      'Method',
      'முறை',
      `${s.settled_method ? PAYMENT_METHOD_LABELS[s.settled_method as PaymentMethod] : '—'}${s.settled_reference ? ` (${s.settled_reference})` : ''}`,
    ],
  ];
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white px-5 py-3 shadow-sm print:hidden dark:bg-navy-800">
        <Link to="/auctions/surpluses" className="text-sm font-semibold text-brand-600 dark:text-brand-300">
          Back to surpluses
        </Link>
        <Button onClick={() => window.print()} disabled={s.status !== 'paid'}>
          Print
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
            Receipt for Auction Surplus <span lang="ta">/ ஏல உபரித் தொகை ரசீது</span>
          </h1>
          {s.status !== 'paid' ? (
            <p role="status" className="mt-1 text-sm text-red-600 dark:text-red-400">
              This surplus is {s.status === 'owed' ? 'not yet paid' : 'deposited with the Government'}.
            </p>
          ) : null}
        </header>
        <table className="w-full text-sm">
          <tbody>
            {rows.map(([en, ta, value]) => (
              <tr key={en} className="border-b border-slate-100">
                <th scope="row" className="py-1.5 pr-4 text-left font-medium">
                  {en}{' '}
                  <span lang="ta" className="text-slate-500 dark:text-slate-400">
                    / {ta}
                  </span>
                </th>
                <td className="py-1.5">{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-4 text-sm">
          Received the above surplus of the auction sale of my pledge in full.{' '}
          <span lang="ta">மேற்கண்ட ஏல உபரித் தொகையை முழுமையாகப் பெற்றுக்கொண்டேன்.</span>
        </p>
        <div className="mt-12 flex justify-between text-sm">
          <span>Signature of the receiver / பெற்றவர் கையொப்பம்</span>
          <span>For {company?.company_name ?? ''}</span>
        </div>
      </article>
    </div>
  );
}

export default SurplusReceiptPage;
