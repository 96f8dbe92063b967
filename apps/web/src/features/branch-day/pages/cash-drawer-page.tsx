import { businessToday, formatIndianDate } from '@pledge-desk/domain';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/lib/i18n/language';
import { isAdmin } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { useCurrentDrawer } from '../api/cash-drawer-api';
import { CloseDrawerForm } from '../components/close-drawer-form';
import { ClosedDrawerSummary } from '../components/closed-drawer-summary';
import { DrawerFigures } from '../components/drawer-figures';
import { LoadError } from '../components/load-error';
import { OpenDrawerForm } from '../components/open-drawer-form';
import { cashDrawerText } from '../i18n';

const card = 'rounded-2xl bg-white p-5 shadow-sm dark:bg-navy-800';

/**
 * Cash Drawer (/cash-drawer): the counter user's drawer of today. Before it is
 * opened, the opening count; while open, the live figures (re-read on focus and every 30 s) and the
 * close; once closed, the summary and the day-end sheet.
 */
export function CashDrawerPage() {
  const t = useT(cashDrawerText);
  const { user } = useSession();
  const today = businessToday();
  const current = useCurrentDrawer(today);

  if (current.isPending) return <Spinner label={t('loadingDrawer')} />;
  if (current.isError) {
    return (
      <LoadError error={current.error} fallback={t('loadFailed')} onRetry={() => void current.refetch()} />
    );
  }
  const { drawer, day } = current.data;
  const dayClosed = day.status === 'closed';

  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t('businessDate')}{' '}
        <strong className="text-navy-700 dark:text-white">{formatIndianDate(current.data.date)}</strong>
        {dayClosed ? t('dayIsClosed') : ''}
        {drawer
          ? t(drawer.status === 'open' ? 'drawerIsOpen' : 'drawerIsClosed', { name: user?.username ?? '' })
          : ''}
      </p>
      {drawer === null ? (
        dayClosed ? (
          <p
            role="status"
            className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
          >
            {t('noDrawerDayClosed')}
          </p>
        ) : (
          <section className={card}>
            <OpenDrawerForm businessDate={current.data.date} />
          </section>
        )
      ) : drawer.status === 'open' ? (
        <>
          <section className={card} aria-labelledby="live-drawer-title">
            <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
              <h2 id="live-drawer-title" className="text-lg font-bold text-navy-700 dark:text-white">
                {t('liveDrawer')}
              </h2>
              <p className="text-xs text-slate-600 dark:text-slate-300" aria-live="polite">
                {current.isFetching ? t('refreshing') : t('refreshesEvery')}
              </p>
            </div>
            <DrawerFigures drawer={drawer} />
          </section>
          <section className={card}>
            <CloseDrawerForm drawer={drawer} isAdmin={isAdmin(user)} />
          </section>
        </>
      ) : (
        <section className={card}>
          <ClosedDrawerSummary drawer={drawer} />
        </section>
      )}
    </div>
  );
}

export default CashDrawerPage;
