import { formatIndianDate } from '@pledge-desk/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { formatRupeeAmount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { usePendingReleases } from '../api/releases-api';
import { releaseText } from '../i18n';

const PAGE = 50;
const th =
  'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-500 dark:text-slate-400 uppercase';
const td = 'px-3 py-2 text-sm text-navy-700 dark:text-slate-100';

/**
 * Awaiting Release (/pledge/awaiting-release): closed pledges whose articles are
 * still in the vault, oldest closing first, with the working days waited and a flag past the
 * company's release wait, so none is forgotten.
 */
export function AwaitingReleasePage() {
  const t = useT(releaseText);
  const messageText = useMessageText();
  const [skip, setSkip] = useState(0);
  const pending = usePendingReleases({ skip, limit: PAGE });
  return (
    <div className="space-y-4">
      <div className="rounded-2xl bg-white p-6 shadow-sm dark:bg-navy-800">
        <h2 className="text-lg font-bold text-navy-700 dark:text-white">{t('awaitingTitle')}</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {t('awaitingDescription')}
          {pending.data?.wait != null ? t('flaggedAfter', { wait: String(pending.data.wait) }) : ''}
        </p>
        {pending.data ? (
          <p className="mt-2 text-sm font-semibold" role="status" data-testid="awaiting-count">
            {t('awaitingCount', { total: String(pending.data.total), overdue: String(pending.data.overdue) })}
          </p>
        ) : null}
      </div>
      <div className="rounded-2xl bg-white shadow-sm dark:bg-navy-800">
        {pending.isPending ? (
          <Spinner label={t('loading')} className="py-10" />
        ) : pending.isError ? (
          <p
            role="alert"
            className="m-4 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
          >
            {messageText(errorMessage(pending.error, t('awaitingFailed')))}
          </p>
        ) : pending.data.rows.length === 0 ? (
          <p className="p-6 text-sm text-slate-500 dark:text-slate-400">{t('nothingWaiting')}</p>
        ) : (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
          <div tabIndex={0} className="overflow-x-auto">
            <table className="w-full min-w-[48rem]">
              <caption className="sr-only">{t('awaitingTitle')}</caption>
              <thead>
                <tr className="border-b border-slate-200 dark:border-navy-600">
                  <th scope="col" className={th}>
                    {t('pledgeNo')}
                  </th>
                  <th scope="col" className={th}>
                    {t('customer')}
                  </th>
                  <th scope="col" className={th}>
                    {t('closedOn')}
                  </th>
                  <th scope="col" className={th}>
                    {t('daysWaited')}
                  </th>
                  <th scope="col" className={th}>
                    {t('articles')}
                  </th>
                  <th scope="col" className={th}>
                    {t('loan')}
                  </th>
                  <th scope="col" className={th}>
                    {t('action')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {pending.data.rows.map((r) => (
                  <tr
                    key={r.pledge_id}
                    className="border-b border-slate-100 last:border-0 dark:border-navy-700"
                  >
                    <td className={`${td} font-semibold`}>{r.pledge_no}</td>
                    <td className={td}>
                      {r.customer_name}
                      <span className="block text-xs text-slate-500 dark:text-slate-400">
                        {r.customer_mobile}
                      </span>
                    </td>
                    <td className={td}>{formatIndianDate(r.closed_date)}</td>
                    <td className={td}>
                      {r.working_days_waited}
                      {r.overdue ? (
                        <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-700">
                          {t('overdue')}
                        </span>
                      ) : null}
                    </td>
                    <td className={td}>
                      {r.item_count} · {r.net_weight.toFixed(3)} g
                    </td>
                    <td className={td}>{formatRupeeAmount(r.total_loan_amount)}</td>
                    <td className={td}>
                      {r.is_move_to_bank ? (
                        <span className="text-xs text-amber-700 dark:text-amber-300">{t('atABank')}</span>
                      ) : (
                        <Link
                          to={`/pledge/release/${r.pledge_id}`}
                          className="font-semibold text-brand-600 hover:underline dark:text-brand-300"
                          aria-label={t('releaseLabel', { pledge: r.pledge_no })}
                        >
                          {t('release')}
                        </Link>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {pending.data && pending.data.total > PAGE ? (
          <div className="flex items-center justify-end gap-2 p-3">
            <Button
              variant="secondary"
              disabled={skip === 0}
              onClick={() => setSkip(Math.max(0, skip - PAGE))}
            >
              {t('previous')}
            </Button>
            <Button
              variant="secondary"
              disabled={skip + PAGE >= pending.data.total}
              onClick={() => setSkip(skip + PAGE)}
            >
              {t('next')}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}

export default AwaitingReleasePage;
