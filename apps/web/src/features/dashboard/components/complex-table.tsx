import { type Dashboard, formatIndianDate } from '@pledge-desk/domain';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { useT } from '@/lib/i18n/language';
import { dashboardText } from '../i18n';

type DueRow = Dashboard['due'][number];

const statusLook: Record<DueRow['status'], { label: 'dueSoon' | 'overdue'; className: string }> = {
  due_soon: {
    label: 'dueSoon',
    className: 'bg-amber-50 text-amber-700 dark:bg-amber-900/40 dark:text-amber-300',
  },
  overdue: { label: 'overdue', className: 'bg-red-50 text-red-700 dark:bg-red-900/40 dark:text-red-300' },
};

/** Where a due row opens: the pledge list's detail modal (`?view=`), as the list opens it. */
export const pledgeViewPath = (pledgeId: number) => `/pledge/list?view=${pledgeId}`;

/**
 * The dashboard's table: open pledges due in the next 15 days or overdue, most urgent first, each
 * opening its pledge. On the all-branches dashboard a row names its branch; opening a pledge of
 * another branch than the session's first switches the session to that branch (`onOpenInBranch`),
 * since every screen reads the session's branch.
 */
export function ComplexTable({
  rows,
  sessionCompanyId,
  onOpenInBranch,
}: {
  rows: DueRow[];
  sessionCompanyId?: number | null;
  onOpenInBranch?: (companyId: number) => void;
}) {
  const t = useT(dashboardText);
  const otherBranch = (row: DueRow) => row.company_id !== undefined && row.company_id !== sessionCompanyId;
  return (
    <section
      aria-labelledby="complex-table-title"
      className="rounded-2xl bg-white p-5 shadow-sm dark:bg-navy-800"
    >
      <h2 id="complex-table-title" className="text-lg font-bold text-navy-700 dark:text-white">
        {t('dueTitle')}
      </h2>
      {rows.length === 0 ? (
        <EmptyState title={t('noneDue')} description={t('noneDueDescription')} />
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table aria-labelledby="complex-table-title" className="w-full min-w-[32rem] text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-500 dark:border-navy-600 dark:text-slate-400">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t('name')}
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t('status')}
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t('date')}
                </th>
                <th scope="col" className="py-2 font-semibold">
                  {t('progress')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr
                  key={row.pledge_id}
                  className="border-b border-slate-100 last:border-0 dark:border-navy-700"
                >
                  <td className="py-3 pr-4">
                    <Link
                      to={pledgeViewPath(row.pledge_id)}
                      title={otherBranch(row) ? t('opensInBranch', { branch: row.company_name }) : undefined}
                      onClick={() => {
                        if (otherBranch(row) && row.company_id !== undefined)
                          onOpenInBranch?.(row.company_id);
                      }}
                      className="group block rounded-md focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                    >
                      <span className="block font-semibold text-navy-700 group-hover:underline dark:text-white">
                        {row.customer_name}
                      </span>
                      <span className="block text-xs text-slate-600 dark:text-slate-300">
                        {t('pledgeNo', { number: row.pledge_no })}
                      </span>
                    </Link>
                    {row.company_name ? (
                      <span className="block text-xs text-slate-500 dark:text-slate-400">
                        {row.company_name}
                      </span>
                    ) : null}
                  </td>
                  <td className="py-3 pr-4">
                    <span
                      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusLook[row.status].className}`}
                    >
                      {t(statusLook[row.status].label)}
                    </span>
                  </td>
                  <td className="py-3 pr-4 text-slate-600 dark:text-slate-300">
                    {formatIndianDate(row.due_date)}
                  </td>
                  <td className="py-3">
                    <div
                      role="progressbar"
                      aria-label={t('termElapsed', { number: row.pledge_no })}
                      aria-valuenow={row.progress}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      className="h-2 w-full max-w-40 rounded-full bg-slate-100 dark:bg-navy-700"
                    >
                      <div
                        className={`h-full rounded-full ${row.status === 'overdue' ? 'bg-red-500' : 'bg-brand-500 dark:bg-brand-300'}`}
                        style={{ width: `${row.progress}%` }}
                      />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
