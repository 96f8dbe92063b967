import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, RowActionButton } from '../../../components/ui/data-table';
import { Icon } from '../../../components/ui/icons';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useCrudToasts } from '../../../components/ui/use-crud-toasts';
import { useDeleteScheme } from '../api/delete-scheme';
import { type Scheme, useSchemes } from '../api/get-schemes';
import { SchemeFormDialog } from '../components/scheme-form-dialog';

const percent = (value: number) => `${value.toFixed(2)}%`;

const columns: DataTableColumn<Scheme>[] = [
  {
    key: 'name',
    header: 'Scheme',
    cell: (s) => (
      <>
        <span className="block font-semibold">{s.scheme_name}</span>
        <span className="text-xs text-slate-500 dark:text-slate-400">{s.short_name}</span>
      </>
    ),
  },
  { key: 'prefix', header: 'Prefix', cell: (s) => <span className="font-mono">{s.prefix}</span> },
  { key: 'type', header: 'Jewel Type', cell: (s) => s.jewel_name ?? '—' },
  {
    key: 'interest',
    header: 'Interest / Month',
    className: 'whitespace-nowrap',
    align: 'right',
    cell: (s) => percent(s.interest_rate_per_month),
  },
  {
    key: 'duration',
    header: 'Duration',
    align: 'right',
    className: 'whitespace-nowrap',
    cell: (s) => (
      <>
        <span className="block">
          {s.duration_in_months} {s.duration_in_months === 1 ? 'month' : 'months'}
        </span>
        {/* Issue 16: the RBI regime counts such a loan's interest for the term and caps it at 12 months. */}
        {s.bullet_repayment ? (
          <span className="mt-1 inline-flex rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800 dark:bg-amber-900/40 dark:text-amber-200">
            One sum
          </span>
        ) : (
          <span className="mt-1 block text-xs text-slate-600 dark:text-slate-300">In parts</span>
        )}
      </>
    ),
  },
  {
    key: 'loan',
    header: 'Loan Allowed',
    align: 'right',
    className: 'whitespace-nowrap',
    cell: (s) => percent(s.loan_eligibility_percentage),
  },
  { key: 'slippage', header: 'Slippage', align: 'right', cell: (s) => percent(s.slippage_percent) },
  { key: 'status', header: 'Status', cell: (s) => <StatusBadge active={s.status} /> },
];

/** Schemes (/admin/schemes): loan schemes with their interest, duration and loan-allowed percent. */
export function SchemesPage() {
  const schemes = useSchemes();
  const remove = useDeleteScheme();
  const toasts = useCrudToasts();
  const [editing, setEditing] = useState<{ record: Scheme | null } | null>(null);
  const [deleting, setDeleting] = useState<Scheme | null>(null);

  const addButton = (
    <Button onClick={() => setEditing({ record: null })} disabled={!schemes.data}>
      <Icon name="plus" className="size-4" />
      Add Scheme
    </Button>
  );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toasts.success('Scheme deleted successfully.'),
      onError: (error) => toasts.failure(error, 'Failed to delete scheme.', 'Delete Failed'),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      <DataTable
        title="Schemes"
        description="Loan schemes: interest per month, duration, and how much of the jewel value may be lent."
        toolbar={addButton}
        columns={columns}
        rows={schemes.data}
        getRowKey={(s) => s.id}
        isLoading={schemes.isPending}
        error={schemes.isError ? 'Failed to fetch schemes.' : null}
        onRetry={() => void schemes.refetch()}
        emptyText="No schemes yet."
        emptyDescription="Add a scheme before creating pledges; each pledge number starts with its prefix."
        emptyAction={addButton}
        minWidth="56rem"
        actions={(s) => (
          <>
            <RowActionButton label={`Edit ${s.scheme_name}`} onClick={() => setEditing({ record: s })}>
              Edit
            </RowActionButton>
            <RowActionButton label={`Delete ${s.scheme_name}`} tone="danger" onClick={() => setDeleting(s)}>
              Delete
            </RowActionButton>
          </>
        )}
      />
      {editing ? (
        <SchemeFormDialog
          record={editing.record}
          schemes={schemes.data ?? []}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Scheme"
        message={`Delete the scheme "${deleting?.scheme_name ?? ''}"? This cannot be undone.`}
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
