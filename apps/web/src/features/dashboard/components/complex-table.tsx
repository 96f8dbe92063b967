import { formatIndianDate, formatRupees } from '@pledge-desk/domain';
import { complexTableRows, type SampleStatus } from '../sample-data';

const statusLook: Record<SampleStatus, string> = {
  Approved: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300',
  Pending: 'bg-amber-50 text-amber-700 dark:bg-amber-900/40 dark:text-amber-300',
  Overdue: 'bg-red-50 text-red-700 dark:bg-red-900/40 dark:text-red-300',
};

export function ComplexTable() {
  return (
    <section
      aria-labelledby="complex-table-title"
      className="rounded-2xl bg-white p-5 shadow-sm dark:bg-navy-800"
    >
      <h2 id="complex-table-title" className="text-lg font-bold text-navy-700 dark:text-white">
        Complex Table
      </h2>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-500 dark:border-navy-600 dark:text-slate-400">
              <th scope="col" className="py-2 pr-4 font-semibold">
                NAME
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                STATUS
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                DATE
              </th>
              <th scope="col" className="py-2 font-semibold">
                PROGRESS
              </th>
            </tr>
          </thead>
          <tbody>
            {complexTableRows.map((row) => (
              <tr key={row.name} className="border-b border-slate-100 last:border-0 dark:border-navy-700">
                <td className="py-3 pr-4 font-semibold text-navy-700 dark:text-white">{row.name}</td>
                <td className="py-3 pr-4">
                  <span
                    className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusLook[row.status]}`}
                  >
                    {row.status}
                  </span>
                  <span className="mt-1 block text-xs text-slate-500 dark:text-slate-400">
                    Budget {formatRupees(row.budgetPaise)}
                  </span>
                </td>
                <td className="py-3 pr-4 text-slate-600 dark:text-slate-300">{formatIndianDate(row.date)}</td>
                <td className="py-3">
                  <div
                    role="progressbar"
                    aria-label={`${row.name} progress`}
                    aria-valuenow={row.progress}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    className="h-2 w-full max-w-40 rounded-full bg-slate-100 dark:bg-navy-700"
                  >
                    <div
                      className="h-full rounded-full bg-brand-500 dark:bg-brand-300"
                      style={{ width: `${row.progress}%` }}
                    />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
