import { type BankRepledge, type BankRepledgeRegister, formatIndianDate } from '@pledge-desk/domain';
import { formatRupeeAmount } from '../../../lib/format';

const grams = (g: number) => g.toFixed(3);
const th = 'px-3 py-2 text-left text-xs font-semibold text-slate-600 dark:text-slate-300';
const thNum = `${th} text-right`;
const td = 'px-3 py-2 text-sm text-navy-700 dark:text-slate-100';
const tdNum = `${td} text-right tabular-nums`;

/** The register's rows: what is (or was) at which bank. */
export function RegisterTable({ rows, showReturn }: { rows: readonly BankRepledge[]; showReturn: boolean }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse" aria-label="At banks register">
        <thead className="border-b border-slate-200 dark:border-navy-600">
          <tr>
            <th className={th}>
              Pledge No <span lang="ta">/ அடகு எண்</span>
            </th>
            <th className={th}>
              Customer <span lang="ta">/ வாடிக்கையாளர்</span>
            </th>
            <th className={thNum}>Articles</th>
            <th className={thNum}>Gross / Net (g)</th>
            <th className={th}>
              Bank <span lang="ta">/ வங்கி</span>
            </th>
            <th className={th}>Date to Bank</th>
            <th className={thNum}>Amount Borrowed</th>
            <th className={th}>Reference</th>
            {showReturn ? <th className={th}>Returned On</th> : null}
            <th className={thNum}>Days at Bank</th>
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
  return (
    <div className="overflow-x-auto px-5 pb-5">
      <table className="w-full border-collapse" aria-label="Totals per bank">
        <caption className="pb-2 text-left text-sm font-bold text-navy-700 dark:text-white">
          Totals per bank <span lang="ta">/ வங்கி வாரியான மொத்தம்</span>
        </caption>
        <thead className="border-b border-slate-200 dark:border-navy-600">
          <tr>
            <th className={th}>Bank</th>
            <th className={thNum}>Pledges</th>
            <th className={thNum}>Articles</th>
            <th className={thNum}>Gross (g)</th>
            <th className={thNum}>Net (g)</th>
            <th className={thNum}>Amount Borrowed</th>
            <th className={thNum}>Still at Bank</th>
          </tr>
        </thead>
        <tbody>
          {[...register.by_bank, register.totals].map((b) => (
            <tr
              key={b.bank_id ?? 'all'}
              className={b.bank_id === null ? 'font-bold' : 'border-b border-slate-100 dark:border-navy-700'}
            >
              <td className={td}>{b.bank_id === null ? 'All banks' : b.bank_name}</td>
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
