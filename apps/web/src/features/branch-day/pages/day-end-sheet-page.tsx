import { isPlainDate } from '@pledge-desk/domain';
import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/lib/i18n/language';
import { idFrom } from '@/lib/ids';
import { isAdmin } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { PrintToolbar } from '@/shared/print/print-toolbar';
import { useDay, useDrawer } from '../api/cash-drawer-api';
import { DayEndSheet } from '../components/day-end-sheet';
import { LoadError } from '../components/load-error';
import { cashDrawerText } from '../i18n';

const pageRule = '@page { size: A4 portrait; margin: 0; }';

/**
 * The printable day-end sheet (/day-end/{date}): the whole day for an admin, or one
 * user's drawer with `?drawer=<id>` (what a clerk prints after closing). A4 only; the shell does not
 * print.
 */
export function DayEndSheetPage() {
  const t = useT(cashDrawerText);
  const params = useParams();
  const [search] = useSearchParams();
  const { user, company } = useSession();
  const date = params.date && isPlainDate(params.date) ? params.date : null;
  const drawerId = idFrom(search.get('drawer'));
  const oneDrawer = useDrawer(drawerId);
  const wholeDay = useDay(drawerId === null ? date : null);
  const query = drawerId === null ? wholeDay : oneDrawer;
  const back = isAdmin(user)
    ? { to: '/day-close', label: t('backDayClose') }
    : { to: '/cash-drawer', label: t('backCashDrawer') };

  let body: ReactNode;
  if (date === null) {
    body = (
      <p
        role="alert"
        className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
      >
        {t('noValidDate')}
      </p>
    );
  } else if (drawerId === null && !isAdmin(user)) {
    body = (
      <p
        role="alert"
        className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
      >
        {t('adminsOnly')}
      </p>
    );
  } else if (query.isPending) {
    body = <Spinner label={t('loadingSheet')} />;
  } else if (query.isError) {
    body = (
      <LoadError error={query.error} fallback={t('loadSheetFailed')} onRetry={() => void query.refetch()} />
    );
  } else if (drawerId !== null && oneDrawer.data) {
    body = (
      <DayEndSheet
        company={company ?? { company_name: '' }}
        date={oneDrawer.data.business_date}
        drawers={[oneDrawer.data]}
      />
    );
  } else if (wholeDay.data) {
    body = (
      <DayEndSheet
        company={wholeDay.data.company}
        date={date}
        drawers={wholeDay.data.drawers}
        day={wholeDay.data}
      />
    );
  } else {
    body = <Spinner label={t('loadingSheet')} />;
  }

  return (
    <div className="space-y-4 print:space-y-0">
      <style>{pageRule}</style>
      <PrintToolbar
        back={back}
        kindLabel={t('sheetKind')}
        kind="full"
        kinds={['full']}
        paper="A4"
        papers={['A4']}
        onPaper={() => {}}
        onPrint={() => window.print()}
        printDisabled={!query.data}
        printing={false}
      />
      <section
        aria-label={t('sheetPreview')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
        tabIndex={0}
        className="overflow-x-auto pb-4 print:overflow-visible print:p-0"
      >
        {body}
      </section>
    </div>
  );
}

export default DayEndSheetPage;
