import { type BankRepledge, type BankRepledgeRegister, formatIndianDate } from '@pledge-desk/domain';
import { formatRupeeAmount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { type BankRepledgeKey, bankBoth, bankRepledgeText } from '../i18n';

const grams = (g: number) => g.toFixed(3);
const th = 'px-3 py-2 text-left text-xs font-semibold text-slate-600 dark:text-slate-300';
const thNum = `${th} text-right`;
const td = 'px-3 py-2 text-sm text-navy-700 dark:text-slate-100';
const tdNum = `${td} text-right tabular-nums`;

/** A printed heading: the English with the Tamil after it, in every language. */
function Both({ k }: { k: BankRepledgeKey }) {
  return (
    <>
      {bankBoth.en(k)} <span lang="ta">/ {bankBoth.ta(k)}</span>
    </>
  );
}

/** The register's rows: what is (or was) at which bank. */
export function RegisterTable({ rows, showReturn }: { rows: readonly BankRepledge[]; showReturn: boolean }) {
  const t = useT(bankRepledgeText);
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse" aria-label={t('registerLabel')}>
        <thead className="border-b border-slate-200 dark:border-navy-600">
          <tr>
            <th className={th}>
              <Both k="colPledgeNo" />
            </th>
            <th className={th}>
              <Both k="colCustomer" />
            </th>
            <th className={thNum}>{t('articles')}</th>
            <th className={thNum}>{t('grossNet')}</th>
            <th className={th}>
              <Both k="colBank" />
            </th>
            <th className={th}>{t('dateToBank')}</th>
            <th className={thNum}>{t('amountBorrowedCol')}</th>
            <th className={th}>{t('reference')}</th>
            {showReturn ? <th className={th}>{t('returnedOn')}</th> : null}
            <th className={thNum}>{t('daysAtBank')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-b border-slate-100 dark:border-navy-700">
              <td className={`${td} font-mono`}>{r.pledge_no}</td>
              <td className={td}>
                {r.customer_name}{' '}
                <span className="text-xs text-slate-500 dark:text-slate-400">({r.customer_code})</span>
              </td>
              <td className={tdNum}>{r.item_count}</td>
              <td className={tdNum}>{`${grams(r.gross_weight)} / ${grams(r.net_weight)}`}</td>
              <td className={td}>{r.bank_name}</td>
              <td className={td}>{formatIndianDate(r.pledged_on)}</td>
              <td className={tdNum}>{formatRupeeAmount(r.amount_borrowed)}</td>
              <td className={td}>{r.bank_reference}</td>
              {showReturn ? (
                <td className={td}>{r.returned_on ? formatIndianDate(r.returned_on) : '—'}</td>
              ) : null}
              <td className={tdNum}>{r.days_at_bank}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Totals per bank over the whole filter, and the total of all banks. */
export function RegisterTotals({ register }: { register: Pick<BankRepledgeRegister, 'by_bank' | 'totals'> }) {
  const t = useT(bankRepledgeText);
  return (
    <div className="overflow-x-auto px-5 pb-5">
      <table className="w-full border-collapse" aria-label={t('totalsLabel')}>
        <caption className="pb-2 text-left text-sm font-bold text-navy-700 dark:text-white">
          <Both k="totalsCaption" />
        </caption>
        <thead className="border-b border-slate-200 dark:border-navy-600">
          <tr>
            <th className={th}>{t('bank')}</th>
            <th className={thNum}>{t('pledges')}</th>
            <th className={thNum}>{t('articles')}</th>
            <th className={thNum}>{t('gross')}</th>
            <th className={thNum}>{t('net')}</th>
            <th className={thNum}>{t('amountBorrowedCol')}</th>
            <th className={thNum}>{t('stillAtBank')}</th>
          </tr>
        </thead>
        <tbody>
          {[...register.by_bank, register.totals].map((b) => (
            <tr
              key={b.bank_id ?? 'all'}
              className={b.bank_id === null ? 'font-bold' : 'border-b border-slate-100 dark:border-navy-700'}
            >
              <td className={td}>{b.bank_id === null ? t('allBanks') : b.bank_name}</td>
              <td className={tdNum}>{b.count}</td>
              <td className={tdNum}>{b.item_count}</td>
              <td className={tdNum}>{grams(b.gross_weight)}</td>
              <td className={tdNum}>{grams(b.net_weight)}</td>
              <td className={tdNum}>{formatRupeeAmount(b.amount_borrowed)}</td>
              <td className={tdNum}>{formatRupeeAmount(b.open_borrowed)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
