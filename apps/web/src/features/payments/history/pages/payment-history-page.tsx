import { formatIndianDate, type PledgePaymentView } from '@pledge-desk/domain';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn, RowActionButton } from '@/components/ui/data-table';
import { uiText } from '@/components/ui/i18n';
import { useToast } from '@/components/ui/toasts';
import { formatRupeeAmount } from '@/lib/format';
import type { Translate } from '@/lib/i18n/catalogue';
import { useT } from '@/lib/i18n/language';
import { idFrom } from '@/lib/ids';
import { hasPermission, permissions } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { usePaymentPage } from '../api/list-payments';
import { PaymentMethodBadge, PaymentTypeBadge, ReversedBadge } from '../components/payment-badges';
import { PaymentDetailModal } from '../components/payment-detail-modal';
import { PaymentFilterBar } from '../components/payment-filter-bar';
import { ReversePaymentDialog } from '../components/reverse-payment-dialog';
import { paymentHistoryText } from '../i18n';
import {
  EMPTY_FILTERS,
  type FilterErrorKey,
  filterError,
  hasNextPage,
  listStateFrom,
  PAYMENT_PAGE_SIZES,
  type PaymentFilters,
  type PaymentListState,
  pagingLabel,
  paramsFor,
} from '../payment-filters';

// Receipt and date, pledge and customer share a column each, so the table fits 1280 px with its actions.
const columnsFor = (
  t: Translate<keyof typeof paymentHistoryText.en>,
): DataTableColumn<PledgePaymentView>[] => [
  {
    key: 'receipt',
    header: t('receiptDate'),
    className: 'whitespace-nowrap',
    cell: (p) => (
      <>
        <span className="block font-mono text-xs font-semibold">{p.receipt_no}</span>
        <span className="block text-xs text-slate-500 tabular-nums dark:text-slate-400">
          {formatIndianDate(p.payment_date)}
        </span>
      </>
    ),
  },
  {
    key: 'pledge',
    header: t('pledgeCustomer'),
    className: 'min-w-[9rem]',
    cell: (p) => (
      <>
        <span className="block font-mono text-xs font-semibold whitespace-nowrap">{p.pledge_no}</span>
        <span className="block">{p.customer_name}</span>
      </>
    ),
  },
  {
    key: 'type',
    header: t('type'),
    cell: (p) => (
      <span className="inline-flex flex-wrap gap-1">
        <PaymentTypeBadge type={p.payment_type} />
        {p.reversed ? <ReversedBadge /> : null}
      </span>
    ),
  },
  { key: 'method', header: t('method'), cell: (p) => <PaymentMethodBadge method={p.payment_method} /> },
  {
    key: 'amount',
    header: t('paidAmount'),
    align: 'right',
    className: 'whitespace-nowrap',
    cell: (p) => (
      <span className={`tabular-nums ${p.reversed ? 'text-slate-500 line-through dark:text-slate-400' : ''}`}>
        {formatRupeeAmount(p.amount)}
      </span>
    ),
  },
  {
    key: 'balance',
    header: t('balance'),
    align: 'right',
    className: 'whitespace-nowrap',
    cell: (p) => <span className="tabular-nums">{formatRupeeAmount(p.balance_amount)}</span>,
  },
];

const sameFilters = (a: PaymentFilters, b: PaymentFilters) =>
  (Object.keys(a) as (keyof PaymentFilters)[]).every((key) => a[key] === b[key]);

/**
 * Payment History (/pledge/payment-list, spec §2.8): filtered and paged on the server, newest first.
 * The applied filters, page and page size live in the address, so a link or Back brings the same list
 * back; editing a filter changes nothing until Search. `?view={paymentId}` opens the View modal.
 */
export function PaymentHistoryPage() {
  const sizeId = useId();
  const [params, setParams] = useSearchParams();
  const applied = listStateFrom(params);
  const viewId = idFrom(params.get('view'));
  const { user } = useSession();
  const canReverse = hasPermission(user, permissions.paymentsReverse);
  const { showToast } = useToast();
  const t = useT(paymentHistoryText);
  const ui = useT(uiText);
  const columns = useMemo(() => columnsFor(t), [t]);

  const [draft, setDraft] = useState<PaymentFilters>(applied.filters);
  const [draftError, setDraftError] = useState<FilterErrorKey | null>(null);
  // The address changed from outside (Back, a link): the filter row shows what is applied.
  const shown = useRef(applied.filters);
  useEffect(() => {
    if (!sameFilters(shown.current, applied.filters)) {
      shown.current = applied.filters;
      setDraft(applied.filters);
      setDraftError(null);
    }
  });

  const skip = (applied.page - 1) * applied.size;
  const list = usePaymentPage({ filters: applied.filters, skip, limit: applied.size });

  // Spec §8: 'Failed to load payments' as a toast, the list emptied and the count 0.
  const failedAt = list.isError ? list.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) showToast({ type: 'error', title: ui('error'), message: t('loadFailed') });
  }, [failedAt, showToast, ui, t]);
  const rows = list.isError ? [] : list.data?.rows;
  const total = list.isError ? 0 : (list.data?.total ?? 0);
  const totalCapped = !list.isError && (list.data?.totalCapped ?? false);
  const shownSkip = list.data?.skip ?? skip;

  const apply = (next: PaymentListState, { push }: { push: boolean }) => {
    shown.current = next.filters;
    const nextParams = paramsFor(next, params);
    if (nextParams.toString() === params.toString()) {
      void list.refetch();
      return;
    }
    setParams(nextParams, { replace: !push });
  };

  const onSearch = () => {
    const error = filterError(draft);
    setDraftError(error);
    if (error) return;
    const filters = { ...draft, pledge: draft.pledge.trim() };
    setDraft(filters);
    apply({ filters, page: 1, size: applied.size }, { push: true });
  };
  const onClear = () => {
    setDraft(EMPTY_FILTERS);
    setDraftError(null);
    apply({ filters: EMPTY_FILTERS, page: 1, size: 10 }, { push: true });
  };
  const goToPage = (page: number) => apply({ ...applied, page: Math.max(1, page) }, { push: false });
  const setSize = (size: number) => apply({ ...applied, page: 1, size }, { push: false });

  const openView = (paymentId: number | null) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (paymentId === null) updated.delete('view');
      else updated.set('view', String(paymentId));
      return updated;
    });

  const [reversing, setReversing] = useState<PledgePaymentView | null>(null);

  const isLastPage = !hasNextPage(shownSkip, rows?.length ?? 0, applied.size, total, totalCapped);
  const hasFilters = !sameFilters(applied.filters, EMPTY_FILTERS);

  return (
    <div className="space-y-4">
      <PaymentFilterBar
        draft={draft}
        onChange={(next) => {
          setDraft(next);
          if (draftError) setDraftError(filterError(next));
        }}
        onSearch={onSearch}
        onClear={onClear}
        error={draftError}
      />
      <DataTable
        title={t('payments')}
        description={t('description')}
        columns={columns}
        rows={rows}
        getRowKey={(p) => p.payment_id}
        isLoading={list.isPending}
        emptyText={t('noPayments')}
        {...(hasFilters ? { emptyDescription: t('noMatches') } : {})}
        minWidth="56rem"
        skeletonRows={Math.min(applied.size, 10)}
        actions={(p) => (
          <>
            <RowActionButton
              label={t('viewLabel', { receipt: p.receipt_no, pledge: p.pledge_no })}
              onClick={() => openView(p.payment_id)}
            >
              {t('view')}
            </RowActionButton>
            {/* Only where the server would take it: the latest payment on its pledges. */}
            {canReverse && p.reversible ? (
              <RowActionButton
                tone="danger"
                label={t('reverseLabel', { receipt: p.receipt_no, pledge: p.pledge_no })}
                onClick={() => setReversing(p)}
              >
                {t('reverse')}
              </RowActionButton>
            ) : null}
          </>
        )}
      />
      <nav
        aria-label={t('pages')}
        className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white px-5 py-3 text-sm shadow-sm dark:bg-navy-800"
      >
        <p aria-live="polite" className="text-slate-600 dark:text-slate-300">
          {list.isPending ? t('loading') : pagingLabel(t, shownSkip, rows?.length ?? 0, total, totalCapped)}
          {list.isFetching && !list.isPending ? (
            <span className="ml-2 text-slate-500 dark:text-slate-400">{t('updating')}</span>
          ) : null}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <label htmlFor={sizeId} className="flex items-center gap-2 text-slate-600 dark:text-slate-300">
            {t('rowsPerPage')}
            <select
              id={sizeId}
              value={applied.size}
              onChange={(event) => setSize(Number(event.target.value))}
              className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-navy-700 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:border-navy-600 dark:bg-navy-900 dark:text-white"
            >
              {PAYMENT_PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <Button
            variant="secondary"
            className="py-1.5"
            disabled={applied.page <= 1 || list.isPending}
            onClick={() => goToPage(applied.page - 1)}
          >
            {t('previous')}
          </Button>
          <Button
            variant="secondary"
            className="py-1.5"
            disabled={isLastPage || list.isPending || list.isPlaceholderData}
            onClick={() => goToPage(applied.page + 1)}
          >
            {t('next')}
          </Button>
        </div>
      </nav>
      {viewId !== null ? (
        <PaymentDetailModal
          paymentId={viewId}
          row={rows?.find((p) => p.payment_id === viewId)}
          onClose={() => openView(null)}
        />
      ) : null}
      {reversing ? (
        <ReversePaymentDialog
          payment={reversing}
          onClose={() => setReversing(null)}
          onReversed={(receipt) => {
            setReversing(null);
            showToast({
              type: 'success',
              title: t('reversedTitle'),
              message: t('reversedMessage', { receipt: receipt.receipt_no }),
            });
          }}
        />
      ) : null}
    </div>
  );
}

export default PaymentHistoryPage;
