import type { PledgeSummary, PledgeView } from '@pledge-desk/domain';
import { formatIndianDate } from '@pledge-desk/domain';
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn, RowActionButton } from '@/components/ui/data-table';
import { Icon } from '@/components/ui/icons';
import { usePledgePage } from '@/features/pledges/api/list-pledges';
import { formatRupeeAmount } from '@/lib/format';
import type { Translate } from '@/lib/i18n/catalogue';
import { useT } from '@/lib/i18n/language';
import { idFrom } from '@/lib/ids';
import { PageButtons } from '../components/page-buttons';
import { PledgeDetailModal } from '../components/pledge-detail-modal';
import { formatWeight, PledgeStatusBadges } from '../components/pledge-status';
import { pledgeListText } from '../i18n';

/** Spec §9: page size 10, the search waits 500 ms after the last key. */
export const PLEDGE_PAGE_SIZE = 10;
export const PLEDGE_SEARCH_DEBOUNCE_MS = 500;
/** A search longer than the server takes is cut, not sent to be refused. */
const SEARCH_MAX_LENGTH = 100;

type ListText = Translate<keyof typeof pledgeListText.en>;

const columnsIn = (t: ListText): DataTableColumn<PledgeSummary>[] => [
  {
    key: 'pledge_no',
    header: t('pledgeNo'),
    className: 'whitespace-nowrap',
    cell: (p) => <span className="font-mono text-xs font-semibold">{p.pledge_no}</span>,
  },
  {
    key: 'customer',
    header: t('customer'),
    className: 'min-w-[10rem]',
    cell: (p) => (
      <>
        <span className="font-semibold">{p.customer_name}</span>
        <span className="block font-mono text-xs text-slate-500 dark:text-slate-400">
          {p.customer_acc_code}
        </span>
      </>
    ),
  },
  {
    key: 'dates',
    header: t('pledgeDueDate'),
    className: 'whitespace-nowrap',
    cell: (p) => (
      <>
        <span className="tabular-nums">{formatIndianDate(p.pledge_date)}</span>
        <span className="block text-xs text-slate-500 tabular-nums dark:text-slate-400">
          {t('dueOn', { date: formatIndianDate(p.due_date) })}
        </span>
      </>
    ),
  },
  {
    key: 'loan',
    header: t('loanAmount'),
    align: 'right',
    className: 'whitespace-nowrap',
    cell: (p) => <span className="tabular-nums">{formatRupeeAmount(p.total_loan_amount)}</span>,
  },
  {
    key: 'weight',
    header: t('grossNetWeight'),
    align: 'right',
    className: 'whitespace-nowrap',
    cell: (p) => (
      <>
        <span className="tabular-nums">{formatWeight(p.gross_weight, t.language)}</span>
        <span className="block text-xs text-slate-500 tabular-nums dark:text-slate-400">
          {t('netWeightOf', { weight: formatWeight(p.net_weight, t.language) })}
        </span>
      </>
    ),
  },
  { key: 'status', header: t('status'), cell: (p) => <PledgeStatusBadges pledge={p} /> },
];

/**
 * Pledge Management (/pledges and /pledge/list, spec §2.3): paged and searched on the server. The
 * applied search lives in the address (`?search=`), so the header's Search box can open a customer's
 * pledges, and `?view={id}` opens the detail modal (a link anyone can send).
 */
export function PledgeListPage({
  detailSections,
}: {
  /** What other features show of a pledge in its View modal, composed by the app. */
  detailSections?: (pledge: PledgeView) => ReactNode;
} = {}) {
  const t = useT(pledgeListText);
  const columns = useMemo(() => columnsIn(t), [t]);
  const searchId = useId();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const search = (params.get('search') ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
  const viewId = idFrom(params.get('view')); // a `?view=` that cannot be an id opens nothing
  const [searchText, setSearchText] = useState(search);

  // The address changed from outside (the header's Search box, Back): the box shows what is searched.
  const applied = useRef(search);
  useEffect(() => {
    if (search !== applied.current) {
      applied.current = search;
      setSearchText(search);
    }
  }, [search]);

  const applySearch = (text: string) => {
    const next = text.trim().slice(0, SEARCH_MAX_LENGTH);
    if (next === applied.current) return;
    applied.current = next;
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set('search', next);
        else updated.delete('search');
        return updated;
      },
      { replace: true },
    );
  };

  // Typing searches after a pause (spec §9: 500 ms); Search does it at once.
  const applySearchRef = useRef(applySearch);
  applySearchRef.current = applySearch;
  useEffect(() => {
    const timer = setTimeout(() => applySearchRef.current(searchText), PLEDGE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  // A page belongs to one search: a new search starts from the first page.
  const [paging, setPaging] = useState({ search, page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const skip = (page - 1) * PLEDGE_PAGE_SIZE;
  const list = usePledgePage({ skip, limit: PLEDGE_PAGE_SIZE, search });
  const total = list.data?.total ?? 0;
  const rows = list.data?.rows;
  // Past 1,000 matches the server stops counting: the pages go on while they come back full.
  const totalCapped = list.data?.totalCapped ?? false;
  const pageCount = Math.max(
    1,
    Math.ceil(total / PLEDGE_PAGE_SIZE),
    totalCapped && rows?.length === PLEDGE_PAGE_SIZE ? page + 1 : 1,
  );

  const openView = (pledgeId: number | null) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (pledgeId === null) updated.delete('view');
      else updated.set('view', String(pledgeId));
      return updated;
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    applySearch(searchText);
  };
  const onClear = () => {
    setSearchText('');
    applySearch('');
  };

  const createButton = (
    <Link
      to="/pledge/create"
      className="inline-flex items-center justify-center gap-2 rounded-xl bg-brand-500 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
    >
      <Icon name="plus" className="size-4" />
      {t('createPledge')}
    </Link>
  );

  const toolbar = (
    <>
      <form onSubmit={onSubmit} className="flex flex-wrap items-center gap-2">
        <div className="relative">
          <label htmlFor={searchId} className="sr-only">
            {t('searchPledges')}
          </label>
          <Icon
            name="search"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            id={searchId}
            type="search"
            value={searchText}
            maxLength={SEARCH_MAX_LENGTH}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder={t('searchPlaceholder')}
            className="max-w-full min-w-64 rounded-xl border border-slate-300 bg-white py-2.5 pr-3 pl-9 [field-sizing:content] text-sm text-navy-700 outline-none placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:border-navy-600 dark:bg-navy-900 dark:text-white"
          />
        </div>
        <Button type="submit">{t('search')}</Button>
        <Button variant="secondary" onClick={onClear}>
          {t('clear')}
        </Button>
      </form>
      {createButton}
    </>
  );

  const shownSkip = list.data?.skip ?? skip;
  const first = total === 0 ? 0 : shownSkip + 1;
  const last = Math.min(shownSkip + (rows?.length ?? 0), total);

  return (
    <div className="space-y-4">
      <DataTable
        title={t('pledges')}
        description={t('description')}
        toolbar={toolbar}
        columns={columns}
        rows={rows}
        getRowKey={(p) => p.pledge_id}
        isLoading={list.isPending}
        error={list.isError && !list.data ? t('fetchFailed') : null}
        onRetry={() => void list.refetch()}
        emptyText={t('noneFound')}
        {...(search
          ? { emptyDescription: t('nothingMatches', { search }) }
          : { emptyDescription: t('createFirst'), emptyAction: createButton })}
        minWidth="60rem"
        skeletonRows={PLEDGE_PAGE_SIZE}
        actions={(p) => (
          <>
            <RowActionButton
              label={t('viewPledge', { number: p.pledge_no })}
              onClick={() => openView(p.pledge_id)}
            >
              {t('view')}
            </RowActionButton>
            <RowActionButton
              label={t('editPledge', { number: p.pledge_no })}
              onClick={() => navigate(`/pledge/edit/${p.pledge_id}`)}
            >
              {t('edit')}
            </RowActionButton>
          </>
        )}
      />
      {list.isError && list.data ? (
        <p
          role="alert"
          className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
        >
          {t('fetchFailed')}
        </p>
      ) : null}
      <nav
        aria-label={t('pledgePages')}
        className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white px-5 py-3 text-sm shadow-sm dark:bg-navy-800"
      >
        <p aria-live="polite" className="text-slate-600 dark:text-slate-300">
          {list.isPending
            ? t('loadingPledges')
            : total === 0
              ? t('showingNone')
              : t('showing', {
                  first: String(first),
                  last: String(last),
                  total: totalCapped ? `${(total - 1).toLocaleString('en-IN')}+` : String(total),
                })}
          {list.isFetching && !list.isPending ? (
            <span className="ml-2 text-slate-500 dark:text-slate-400">{t('updating')}</span>
          ) : null}
        </p>
        <PageButtons
          page={page}
          pageCount={pageCount}
          label={t('pledges')}
          onPage={(next) => setPaging({ search, page: Math.min(Math.max(1, next), pageCount) })}
        />
      </nav>
      {viewId !== null ? (
        <PledgeDetailModal pledgeId={viewId} onClose={() => openView(null)} sections={detailSections} />
      ) : null}
    </div>
  );
}

export default PledgeListPage;
