import { formatIndianDate } from '@pledge-desk/domain';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, RowActionButton } from '../../../components/ui/data-table';
import { Icon } from '../../../components/ui/icons';
import { useCrudToasts } from '../../../components/ui/use-crud-toasts';
import { useDeleteRate } from '../api/delete-rate';
import { type GoldSilverRate, useRates } from '../api/get-rates';
import { RateFormDialog } from '../components/rate-form-dialog';
import { formatRupeeAmount } from '../rate-math';

const columns: DataTableColumn<GoldSilverRate>[] = [
  {
    key: 'date',
    header: 'Date',
    cell: (r) => <span className="font-semibold">{formatIndianDate(r.date)}</span>,
  },
  {
    key: 'gold',
    header: 'Gold Rate / gram',
    align: 'right',
    cell: (r) => formatRupeeAmount(r.gold_rate_per_gram),
  },
  {
    key: 'silver',
    header: 'Silver Rate / gram',
    align: 'right',
    cell: (r) => formatRupeeAmount(r.silver_rate_per_gram),
  },
];

/** Rate Management (/admin/gold-silver-rates): dated gold and silver rates, by date descending. */
export function RateManagementPage() {
  const rates = useRates();
  const remove = useDeleteRate();
  const toasts = useCrudToasts();
  const [editing, setEditing] = useState<{ record: GoldSilverRate | null } | null>(null);
  const [deleting, setDeleting] = useState<GoldSilverRate | null>(null);

  const addButton = (
    <Button onClick={() => setEditing({ record: null })}>
      <Icon name="plus" className="size-4" />
      Add Rate
    </Button>
  );

  const confirmDelete = () => {
    if (!deleting) return;
    const record = deleting;
    remove.mutate(record.id, {
      onSuccess: () => toasts.success(`The rate of ${formatIndianDate(record.date)} has been deleted.`),
      onError: (error) => toasts.failure(error, 'Failed to delete rate.', 'Delete Failed'),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      <DataTable
        title="Gold & Silver Rates"
        description="One rate per day; new pledges are valued at the latest."
        toolbar={addButton}
        columns={columns}
        rows={rates.data}
        getRowKey={(r) => r.id}
        isLoading={rates.isPending}
        error={rates.isError ? 'Failed to fetch rates.' : null}
        onRetry={() => void rates.refetch()}
        emptyText="No rates yet."
        emptyDescription="Add today's gold and silver rate per gram."
        emptyAction={addButton}
        minWidth="36rem"
        actions={(r) => (
          <>
            <RowActionButton
              label={`Edit rate of ${formatIndianDate(r.date)}`}
              onClick={() => setEditing({ record: r })}
            >
              Edit
            </RowActionButton>
            <RowActionButton
              label={`Delete rate of ${formatIndianDate(r.date)}`}
              tone="danger"
              onClick={() => setDeleting(r)}
            >
              Delete
            </RowActionButton>
          </>
        )}
      />
      {editing ? <RateFormDialog record={editing.record} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Rate"
        message={`Delete the gold and silver rate of ${deleting ? formatIndianDate(deleting.date) : ''}? This cannot be undone.`}
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
