import { formatIndianDate, VOUCHER_TYPE_NAMES } from '@pledge-desk/domain';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, RowActionButton } from '@/components/ui/data-table';
import { DateField } from '@/components/ui/date-field';
import { SelectField } from '@/components/ui/form-field';
import { uiText } from '@/components/ui/i18n';
import { Icon } from '@/components/ui/icons';
import { useCrudToasts } from '@/components/ui/use-crud-toasts';
import { formatAmount } from '@/lib/format';
import type { Translate } from '@/lib/i18n/catalogue';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useAccountName, useNarration } from '@/shared/accounts/use-account-name';
import { useDeleteDaybookEntry } from '../api/delete-daybook-entry';
import {
  type DaybookEntry,
  type DaybookFilters,
  isEditableEntry,
  useDaybookEntries,
} from '../api/get-daybook-entries';
import { DaybookEntryDialog } from '../components/daybook-entry-dialog';
import { type DaybookKey, daybookText, SOURCE_KEYS, VOUCHER_TYPE_KEYS } from '../i18n';

type T = Translate<DaybookKey>;

/** "Pledge" for a voucher written by a pledge, "Payment" for one written by a payment. */
const sourceLabel = (t: T, entry: DaybookEntry) => {
  const source = entry.source ?? 'manual';
  const key = SOURCE_KEYS[source];
  return key ? t(key) : source[0]!.toUpperCase() + source.slice(1);
};

/** A voucher type by its stored name, in the interface language. */
const voucherTypeName = (t: T, name: string) => {
  const key = VOUCHER_TYPE_KEYS[name];
  return key ? t(key) : name;
};

// Five columns, so Edit and Delete stay in sight at 1280 px: the type sits under the number, the
// reference and the accounts under the narration.
const columnsFor = (
  t: T,
  accountName: (code: string, name: string) => string,
  narrationOf: (entry: DaybookEntry) => string,
): DataTableColumn<DaybookEntry>[] => [
  {
    key: 'date',
    header: t('date'),
    className: 'whitespace-nowrap tabular-nums',
    cell: (e) => formatIndianDate(e.entry_date),
  },
  {
    key: 'voucher',
    header: t('voucherNo'),
    className: 'whitespace-nowrap',
    cell: (e) => (
      <>
        <span className="block font-mono font-semibold">{e.voucher_number}</span>
        <span className="block text-xs text-slate-500 dark:text-slate-400">
          {voucherTypeName(t, e.voucher_type)}
          {isEditableEntry(e) ? '' : ` · ${sourceLabel(t, e)}`}
        </span>
      </>
    ),
  },
  {
    key: 'narration',
    header: t('narration'),
    cell: (e) => (
      <span className="block max-w-md">
        <span className="block truncate" title={narrationOf(e)}>
          {narrationOf(e)}
          {e.reference_number ? (
            <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">
              {t('reference', { number: e.reference_number })}
            </span>
          ) : null}
        </span>
        <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
          {e.daybook_details
            .map((d) =>
              t(d.debit_amount > 0 ? 'drAccount' : 'crAccount', {
                account: d.account_name
                  ? accountName(d.account_code ?? '', d.account_name)
                  : String(d.account_id),
              }),
            )
            .join(' · ')}
        </span>
      </span>
    ),
  },
  {
    key: 'amount',
    header: t('amount'),
    align: 'right',
    className: 'whitespace-nowrap tabular-nums',
    cell: (e) => formatAmount(e.total_amount),
  },
];

const emptyFilters: DaybookFilters = { from: '', to: '', voucherType: '', page: 0 };

/** Daybook Entries (/admin/daybook): vouchers newest first, paged on the server, with a wide entry modal. */
export function DaybookPage() {
  const t = useT(daybookText);
  const ui = useT(uiText);
  const accountName = useAccountName();
  const narration = useNarration();
  const messageText = useMessageText();
  const [filters, setFilters] = useState<DaybookFilters>(emptyFilters);
  const entries = useDaybookEntries(filters);
  const remove = useDeleteDaybookEntry();
  const toasts = useCrudToasts();
  const [editing, setEditing] = useState<{ record: DaybookEntry | null } | null>(null);
  const [deleting, setDeleting] = useState<DaybookEntry | null>(null);
  const isFiltered = filters.from !== '' || filters.to !== '' || filters.voucherType !== '';
  const rangeError =
    filters.from && filters.to && filters.from > filters.to
      ? messageText('The start date must not be after the end date.')
      : undefined;

  const setFilter = (patch: Partial<DaybookFilters>) => setFilters((f) => ({ ...f, ...patch, page: 0 }));

  const addButton = (
    <Button onClick={() => setEditing({ record: null })}>
      <Icon name="plus" className="size-4" />
      {t('addEntry')}
    </Button>
  );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.entry_id, {
      onSuccess: () => toasts.success(t('deleted')),
      onError: (error) => toasts.failure(error, t('deleteFailed'), 'Delete Failed'),
      onSettled: () => setDeleting(null),
    });
  };

  const page = entries.data;
  return (
    // minmax(0, 1fr): the wide table scrolls inside its card instead of widening the page.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <form
        aria-label={t('filters')}
        onSubmit={(e) => e.preventDefault()}
        className="flex flex-wrap items-end gap-3 rounded-2xl bg-white px-5 py-4 shadow-sm dark:bg-navy-800"
      >
        <DateField
          label={t('from')}
          value={filters.from}
          onChange={(e) => setFilter({ from: e.target.value })}
          className="w-44"
        />
        <DateField
          label={t('to')}
          value={filters.to}
          error={rangeError}
          onChange={(e) => setFilter({ to: e.target.value })}
          className="w-44"
        />
        <SelectField
          label={t('voucherType')}
          value={filters.voucherType}
          onChange={(e) => setFilter({ voucherType: e.target.value })}
          className="w-44"
        >
          <option value="">{t('allTypes')}</option>
          {VOUCHER_TYPE_NAMES.map((type) => (
            <option key={type} value={type}>
              {voucherTypeName(t, type)}
            </option>
          ))}
        </SelectField>
        {isFiltered ? (
          <Button variant="ghost" onClick={() => setFilters(emptyFilters)}>
            {t('clearFilters')}
          </Button>
        ) : null}
      </form>

      <DataTable
        title={t('title')}
        description={t('description')}
        toolbar={addButton}
        columns={columnsFor(t, accountName, (e) =>
          narration(e.narration, e.narration_code, e.narration_params),
        )}
        rows={rangeError ? [] : page?.rows}
        getRowKey={(e) => e.entry_id}
        isLoading={entries.isPending && !rangeError}
        error={entries.isError && !rangeError ? t('fetchFailed') : null}
        onRetry={() => void entries.refetch()}
        emptyText={isFiltered ? t('noMatches') : t('noEntries')}
        emptyDescription={isFiltered ? t('noMatchesDescription') : t('noEntriesDescription')}
        emptyAction={isFiltered ? undefined : addButton}
        minWidth="52rem"
        actions={(e) =>
          isEditableEntry(e) ? (
            <>
              <RowActionButton
                label={t('editLabel', { voucher: e.voucher_number })}
                onClick={() => setEditing({ record: e })}
              >
                {t('edit')}
              </RowActionButton>
              <RowActionButton
                label={t('deleteLabel', { voucher: e.voucher_number })}
                tone="danger"
                onClick={() => setDeleting(e)}
              >
                {ui('delete')}
              </RowActionButton>
            </>
          ) : (
            <span className="px-2.5 text-xs text-slate-500 dark:text-slate-400" title={t('readOnlyTitle')}>
              {t('readOnly')}
            </span>
          )
        }
      />

      {page && (filters.page > 0 || page.hasMore) ? (
        <nav aria-label={t('pages')} className="flex items-center justify-end gap-3 text-sm">
          <span className="text-slate-500 dark:text-slate-400">
            {entries.isPlaceholderData
              ? t('loading')
              : t('entriesRange', {
                  first: String(page.skip + 1),
                  last: String(page.skip + page.rows.length),
                  total: String(page.total),
                })}
          </span>
          <Button
            variant="secondary"
            disabled={filters.page === 0 || entries.isPlaceholderData}
            onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}
          >
            {t('previous')}
          </Button>
          <Button
            variant="secondary"
            disabled={!page.hasMore || entries.isPlaceholderData}
            onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}
          >
            {t('next')}
          </Button>
        </nav>
      ) : null}

      {editing ? <DaybookEntryDialog record={editing.record} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage', {
          voucher: deleting?.voucher_number ?? '',
          date: deleting ? formatIndianDate(deleting.entry_date) : '',
        })}
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
