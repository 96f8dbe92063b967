import { formatIndianDate, VOUCHER_TYPE_NAMES } from '@pledge-desk/domain';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, RowActionButton } from '../../../components/ui/data-table';
import { DateField } from '../../../components/ui/date-field';
import { SelectField } from '../../../components/ui/form-field';
import { Icon } from '../../../components/ui/icons';
import { useCrudToasts } from '../../../components/ui/use-crud-toasts';
import { formatAmount } from '../../../lib/format';
import { useDeleteDaybookEntry } from '../api/delete-daybook-entry';
import {
  type DaybookEntry,
  type DaybookFilters,
  isEditableEntry,
  useDaybookEntries,
} from '../api/get-daybook-entries';
import { DaybookEntryDialog } from '../components/daybook-entry-dialog';

/** "Pledge" for a voucher written by a pledge, "Payment" for one written by a payment. */
const sourceLabel = (entry: DaybookEntry) => {
  const source = entry.source ?? 'manual';
  return source[0]!.toUpperCase() + source.slice(1);
};

// Five columns, so Edit and Delete stay in sight at 1280 px: the type sits under the number, the
// reference and the accounts under the narration.
const columns: DataTableColumn<DaybookEntry>[] = [
  {
    key: 'date',
    header: 'Date',
    className: 'whitespace-nowrap tabular-nums',
    cell: (e) => formatIndianDate(e.entry_date),
  },
  {
    key: 'voucher',
    header: 'Voucher No.',
    className: 'whitespace-nowrap',
    cell: (e) => (
      <>
        <span className="block font-mono font-semibold">{e.voucher_number}</span>
        <span className="block text-xs text-slate-500 dark:text-slate-400">
          {e.voucher_type}
          {isEditableEntry(e) ? '' : ` · ${sourceLabel(e)}`}
        </span>
      </>
    ),
  },
  {
    key: 'narration',
    header: 'Narration',
    cell: (e) => (
      <span className="block max-w-md">
        <span className="block truncate" title={e.narration}>
          {e.narration}
          {e.reference_number ? (
            <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">Ref. {e.reference_number}</span>
          ) : null}
        </span>
        <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
          {e.daybook_details
            .map((d) => `${d.debit_amount > 0 ? 'Dr' : 'Cr'} ${d.account_name ?? d.account_id}`)
            .join(' · ')}
        </span>
      </span>
    ),
  },
  {
    key: 'amount',
    header: 'Amount',
    align: 'right',
    className: 'whitespace-nowrap tabular-nums',
    cell: (e) => formatAmount(e.total_amount),
  },
];

const emptyFilters: DaybookFilters = { from: '', to: '', voucherType: '', page: 0 };

/** Daybook Entries (/admin/daybook): vouchers newest first, paged on the server, with a wide entry modal. */
export function DaybookPage() {
  const [filters, setFilters] = useState<DaybookFilters>(emptyFilters);
  const entries = useDaybookEntries(filters);
  const remove = useDeleteDaybookEntry();
  const toasts = useCrudToasts();
  const [editing, setEditing] = useState<{ record: DaybookEntry | null } | null>(null);
  const [deleting, setDeleting] = useState<DaybookEntry | null>(null);
  const isFiltered = filters.from !== '' || filters.to !== '' || filters.voucherType !== '';
  const rangeError =
    filters.from && filters.to && filters.from > filters.to
      ? 'The start date must not be after the end date.'
      : undefined;

  const setFilter = (patch: Partial<DaybookFilters>) => setFilters((f) => ({ ...f, ...patch, page: 0 }));

  const addButton = (
    <Button onClick={() => setEditing({ record: null })}>
      <Icon name="plus" className="size-4" />
      Add Entry
    </Button>
  );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.entry_id, {
      onSuccess: () => toasts.success('Daybook entry has been deleted successfully.'),
      onError: (error) => toasts.failure(error, 'Failed to delete entry.', 'Delete Failed'),
      onSettled: () => setDeleting(null),
    });
  };

  const page = entries.data;
  return (
    // minmax(0, 1fr): the wide table scrolls inside its card instead of widening the page.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <form
        aria-label="Filter daybook entries"
        onSubmit={(e) => e.preventDefault()}
        className="flex flex-wrap items-end gap-3 rounded-2xl bg-white px-5 py-4 shadow-sm dark:bg-navy-800"
      >
        <DateField
          label="From"
          value={filters.from}
          onChange={(e) => setFilter({ from: e.target.value })}
          className="w-44"
        />
        <DateField
          label="To"
          value={filters.to}
          error={rangeError}
          onChange={(e) => setFilter({ to: e.target.value })}
          className="w-44"
        />
        <SelectField
          label="Voucher Type"
          value={filters.voucherType}
          onChange={(e) => setFilter({ voucherType: e.target.value })}
          className="w-44"
        >
          <option value="">All types</option>
          {VOUCHER_TYPE_NAMES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
        {isFiltered ? (
          <Button variant="ghost" onClick={() => setFilters(emptyFilters)}>
            Clear filters
          </Button>
        ) : null}
      </form>

      <DataTable
        title="Daybook Entries"
        description="Vouchers of the selected company, newest first. Vouchers of pledges and payments are read-only here."
        toolbar={addButton}
        columns={columns}
        rows={rangeError ? [] : page?.rows}
        getRowKey={(e) => e.entry_id}
        isLoading={entries.isPending && !rangeError}
        error={entries.isError && !rangeError ? 'Failed to fetch daybook entries.' : null}
        onRetry={() => void entries.refetch()}
        emptyText={isFiltered ? 'No entries match these filters.' : 'No daybook entries yet.'}
        emptyDescription={
          isFiltered
            ? 'Try another date range or voucher type.'
            : 'Record receipts, payments, contra and journal vouchers here.'
        }
        emptyAction={isFiltered ? undefined : addButton}
        minWidth="52rem"
        actions={(e) =>
          isEditableEntry(e) ? (
            <>
              <RowActionButton label={`Edit ${e.voucher_number}`} onClick={() => setEditing({ record: e })}>
                Edit
              </RowActionButton>
              <RowActionButton
                label={`Delete ${e.voucher_number}`}
                tone="danger"
                onClick={() => setDeleting(e)}
              >
                Delete
              </RowActionButton>
            </>
          ) : (
            <span
              className="px-2.5 text-xs text-slate-500 dark:text-slate-400"
              title="Posted by a pledge or payment: change it from that screen"
            >
              Read-only
            </span>
          )
        }
      />

      {page && (filters.page > 0 || page.hasMore) ? (
        <nav aria-label="Pages" className="flex items-center justify-end gap-3 text-sm">
          <span className="text-slate-500 dark:text-slate-400">
            {entries.isPlaceholderData
              ? 'Loading…'
              : `Entries ${page.skip + 1}–${page.skip + page.rows.length} of ${page.total}`}
          </span>
          <Button
            variant="secondary"
            disabled={filters.page === 0 || entries.isPlaceholderData}
            onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}
          >
            Previous
          </Button>
          <Button
            variant="secondary"
            disabled={!page.hasMore || entries.isPlaceholderData}
            onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}
          >
            Next
          </Button>
        </nav>
      ) : null}

      {editing ? <DaybookEntryDialog record={editing.record} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Daybook Entry"
        message={`Delete voucher ${deleting?.voucher_number ?? ''} dated ${deleting ? formatIndianDate(deleting.entry_date) : ''}? Its postings leave the books.`}
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
