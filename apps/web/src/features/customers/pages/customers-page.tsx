import { lazy, type ReactNode, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, RowActionButton } from '@/components/ui/data-table';
import { Icon } from '@/components/ui/icons';
import { StatusBadge } from '@/components/ui/status-badge';
import { useToast } from '@/components/ui/toasts';
import { errorMessage, errorSentence } from '@/components/ui/use-crud-toasts';
import type { Translate } from '@/lib/i18n/catalogue';
import { useT } from '@/lib/i18n/language';
import { hasPermission, permissions } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { useDebounced } from '@/lib/use-debounced';
import type { Customer } from '../api/customer-record';
import { useDeleteCustomer } from '../api/delete-customer';
import { useCustomerPage } from '../api/get-customers';
import { CustomerDetailDialog } from '../components/customer-detail-dialog';
import { CustomerFormDialog } from '../components/customer-form-dialog';
import { KycBadge } from '../components/kyc-status';
import { customerKycListText, customersText } from '../i18n';

// The KYC panel comes when a clerk opens it: the list does not carry its code (docs/performance.md).
const CustomerKycDialog = lazy(async () => ({
  default: (await import('../components/customer-kyc-dialog')).CustomerKycDialog,
}));

export const PAGE_SIZES = [10, 25, 50, 100] as const;
/** The search waits for a pause in typing, like the searchable dropdown (spec §9: 300 ms). */
export const SEARCH_DEBOUNCE_MS = 300;

type CustomersKey = keyof typeof customersText.en;
type KycKey = keyof typeof customerKycListText.en;

/** The table's columns, their headers in the interface's language. */
const columnsOf = (t: Translate<CustomersKey>, kyc: Translate<KycKey>): DataTableColumn<Customer>[] => [
  {
    key: 'acc_code',
    header: t('code'),
    className: 'whitespace-nowrap',
    cell: (c) => <span className="font-mono text-xs">{c.acc_code}</span>,
  },
  {
    key: 'customer_name',
    header: t('customerGuardian'),
    className: 'min-w-[10rem]',
    cell: (c) => (
      <>
        <span className="font-semibold">{c.customer_name || '—'}</span>
        {c.needs_completion ? (
          <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800 dark:bg-amber-900/40 dark:text-amber-200">
            {t('toComplete')}
          </span>
        ) : null}
        <span className="block text-xs text-slate-500 dark:text-slate-400">{c.guardian_name}</span>
      </>
    ),
  },
  {
    key: 'mobile',
    header: t('mobile'),
    className: 'whitespace-nowrap',
    cell: (c) => (
      <>
        <span className="tabular-nums">{c.mobile_number}</span>
        {c.alt_mobile_number ? (
          <span className="block text-xs text-slate-500 tabular-nums dark:text-slate-400">
            {c.alt_mobile_number}
          </span>
        ) : null}
      </>
    ),
  },
  {
    key: 'address',
    header: t('address'),
    className: 'min-w-[11rem]',
    // The district and pincode under the street address: one column, so the KYC column fits beside it.
    cell: (c) => (
      <>
        {[c.door_no, c.street, c.location].filter((part) => part.trim() !== '').join(', ')}
        <span className="block text-xs text-slate-500 dark:text-slate-400">
          {c.district} <span className="tabular-nums">{c.pincode}</span>
        </span>
      </>
    ),
  },
  {
    key: 'kyc',
    header: kyc('kycColumn'),
    className: 'w-[8rem]',
    cell: (c) => <KycBadge gaps={c.kyc_gaps} />,
  },
  { key: 'status', header: t('status'), cell: (c) => <StatusBadge active={c.status} /> },
];

/** Customers (/admin/customers): paged and searched on the server, tens of thousands per branch. */
export function CustomersPage({
  customerHistory,
}: {
  /** A customer's audit trail in the edit dialog, composed by the app. */
  customerHistory?: (customerId: number) => ReactNode;
} = {}) {
  const searchId = useId();
  const sizeId = useId();
  // A link may open the list searched (`?search=C000123`: the incomplete-KYC register's rows).
  const [address] = useSearchParams();
  const [searchText, setSearchText] = useState(() => address.get('search') ?? '');
  const search = useDebounced(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [limit, setLimit] = useState<number>(PAGE_SIZES[0]);
  const [toComplete, setToComplete] = useState(false);
  // The page belongs to one search and page size: a new search or size starts from the first page.
  const pageKey = `${limit}|${search}|${toComplete}`;
  const [paging, setPaging] = useState({ key: pageKey, skip: 0 });
  const skip = paging.key === pageKey ? paging.skip : 0;
  const setSkip = (next: number) => setPaging({ key: pageKey, skip: next });
  const page = useCustomerPage({ skip, limit, search, toComplete });
  const remove = useDeleteCustomer();
  const { showToast } = useToast();
  const t = useT(customersText);
  const kycT = useT(customerKycListText);
  const columns = useMemo(() => columnsOf(t, kycT), [t, kycT]);
  const [viewing, setViewing] = useState<Customer | null>(null);
  const [kycOf, setKycOf] = useState<Customer | null>(null);
  const [editing, setEditing] = useState<{ record: Customer | null } | null>(null);
  const [deleting, setDeleting] = useState<Customer | null>(null);
  // Staff who handle pledges read and register customers here (/customers); deleting
  // one is master data, the admins' (docs/domain-rules.md §7).
  const { user } = useSession();
  const canDelete = hasPermission(user, permissions.mastersManage);

  const total = page.data?.total ?? 0;
  const rows = page.data?.rows;
  // Deleting the last customer of the last page leaves it empty: step back to a page that has rows.
  useEffect(() => {
    if (page.data && page.data.rows.length === 0 && skip > 0 && !page.isFetching) {
      const lastPage = Math.max(0, Math.floor((page.data.total - 1) / limit) * limit);
      setPaging({ key: pageKey, skip: lastPage });
    }
  }, [page.data, page.isFetching, skip, limit, pageKey]);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => showToast({ type: 'success', title: t('success'), message: t('deleted') }),
      // A customer with pledges answers 409 with the count ('This customer has 2 pledges.').
      onError: (error) =>
        showToast({
          type: 'error',
          title: t('deleteFailedTitle'),
          message: errorMessage(error, t('deleteFailed')),
          ...errorSentence(error, t('deleteFailed')),
        }),
      onSettled: () => setDeleting(null),
    });
  };

  const addButton = (
    <Button onClick={() => setEditing({ record: null })}>
      <Icon name="plus" className="size-4" />
      {t('addCustomer')}
    </Button>
  );

  const toolbar = (
    <>
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          {t('searchCustomers')}
        </label>
        <Icon
          name="search"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          id={searchId}
          type="search"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          placeholder={t('searchPlaceholder')}
          className="w-80 max-w-full rounded-xl border border-slate-300 bg-white py-2.5 pr-3 pl-9 text-sm text-navy-700 outline-none placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:border-navy-600 dark:bg-navy-900 dark:text-white"
        />
      </div>
      {/* Migrated customers keep what the old system had; these still need a clerk. */}
      <label className="flex items-center gap-2 text-sm text-navy-700 dark:text-white">
        <input
          type="checkbox"
          checked={toComplete}
          onChange={(event) => setToComplete(event.target.checked)}
          className="size-4 rounded border-slate-300 accent-brand-500"
        />
        {t('onlyToComplete')}
      </label>
      {addButton}
    </>
  );

  // Counted from the page on screen, which is the previous one while the next loads.
  const shownSkip = page.data?.skip ?? skip;
  const first = total === 0 ? 0 : shownSkip + 1;
  const last = Math.min(shownSkip + (rows?.length ?? 0), total);
  const hasPrevious = skip > 0;
  const hasNext = skip + limit < total;

  return (
    <div className="space-y-4">
      <DataTable
        title={t('title')}
        description={t('description')}
        toolbar={toolbar}
        columns={columns}
        rows={rows}
        getRowKey={(c) => c.id}
        isLoading={page.isPending}
        error={page.isError && !page.data ? t('fetchFailed') : null}
        onRetry={() => void page.refetch()}
        emptyText={search ? t('noneFound', { search }) : toComplete ? t('noneToComplete') : t('noneYet')}
        {...(search
          ? { emptyDescription: t('tryPart') }
          : toComplete
            ? { emptyDescription: t('migratedListed') }
            : { emptyDescription: t('registerFirst'), emptyAction: addButton })}
        minWidth="60rem"
        skeletonRows={limit > 10 ? 10 : limit}
        actions={(c) => (
          <>
            <RowActionButton
              label={t('viewLabel', { name: c.customer_name, code: c.acc_code })}
              onClick={() => setViewing(c)}
            >
              {t('view')}
            </RowActionButton>
            <RowActionButton
              label={t('editLabel', { name: c.customer_name, code: c.acc_code })}
              onClick={() => setEditing({ record: c })}
            >
              {t('edit')}
            </RowActionButton>
            <RowActionButton
              label={kycT('kycLabel', { name: c.customer_name, code: c.acc_code })}
              onClick={() => setKycOf(c)}
            >
              {kycT('kyc')}
            </RowActionButton>
            {canDelete ? (
              <RowActionButton
                label={t('deleteLabel', { name: c.customer_name, code: c.acc_code })}
                tone="danger"
                onClick={() => setDeleting(c)}
              >
                {t('delete')}
              </RowActionButton>
            ) : null}
          </>
        )}
      />
      {page.isError && page.data ? (
        <p
          role="alert"
          className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
        >
          {t('fetchFailed')}
        </p>
      ) : null}
      <nav
        aria-label={t('pages')}
        className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white px-5 py-3 text-sm shadow-sm dark:bg-navy-800"
      >
        <p aria-live="polite" className="text-slate-600 dark:text-slate-300">
          {page.isPending
            ? t('loading')
            : total === 0
              ? t('showingNone')
              : t('showing', { first, last, total })}
          {page.isFetching && !page.isPending ? (
            <span className="ml-2 text-slate-500 dark:text-slate-400">{t('updating')}</span>
          ) : null}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <label htmlFor={sizeId} className="text-slate-600 dark:text-slate-300">
            {t('rowsPerPage')}
          </label>
          <select
            id={sizeId}
            value={limit}
            onChange={(event) => setLimit(Number(event.target.value))}
            className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-navy-600 dark:bg-navy-900 dark:text-white"
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
          <Button
            variant="secondary"
            className="py-1.5 disabled:opacity-50"
            disabled={!hasPrevious}
            onClick={() => setSkip(Math.max(0, skip - limit))}
          >
            {t('previous')}
          </Button>
          <Button
            variant="secondary"
            className="py-1.5 disabled:opacity-50"
            disabled={!hasNext}
            onClick={() => setSkip(skip + limit)}
          >
            {t('next')}
          </Button>
        </div>
      </nav>
      {viewing ? (
        <CustomerDetailDialog
          customer={viewing}
          onClose={() => setViewing(null)}
          onEdit={() => {
            setEditing({ record: viewing });
            setViewing(null);
          }}
          onKyc={() => {
            setKycOf(viewing);
            setViewing(null);
          }}
        />
      ) : null}
      {kycOf ? (
        <Suspense fallback={null}>
          <CustomerKycDialog customer={kycOf} onClose={() => setKycOf(null)} />
        </Suspense>
      ) : null}
      {editing ? (
        <CustomerFormDialog
          record={editing.record}
          onClose={() => setEditing(null)}
          history={customerHistory}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        message={t('deleteQuestion', { name: deleting?.customer_name ?? '', code: deleting?.acc_code ?? '' })}
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

export default CustomersPage;
