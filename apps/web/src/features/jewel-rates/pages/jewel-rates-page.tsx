import { formatIndianDate } from '@pledge-desk/domain';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, RowActionButton } from '../../../components/ui/data-table';
import { Icon } from '../../../components/ui/icons';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useCrudToasts } from '../../../components/ui/use-crud-toasts';
import { formatRupeeAmount } from '../../../lib/format';
import { useDeleteJewelRate } from '../api/delete-jewel-rate';
import { type JewelRate, useJewelRates } from '../api/get-jewel-rates';
import { JewelRateFormDialog } from '../components/jewel-rate-form-dialog';

const nameOf = (r: JewelRate) => r.jewel_name ?? `Jewel type ${r.jewel_type_id}`;

const columns: DataTableColumn<JewelRate>[] = [
  { key: 'type', header: 'Jewel Type', cell: (r) => <span className="font-semibold">{nameOf(r)}</span> },
  { key: 'rate', header: 'Rate / gram', align: 'right', cell: (r) => formatRupeeAmount(r.rate_per_gram) },
  { key: 'market', header: 'Market Price', align: 'right', cell: (r) => formatRupeeAmount(r.market_price) },
  {
    key: 'selling',
    header: 'Selling Price',
    align: 'right',
    cell: (r) => formatRupeeAmount(r.selling_price),
  },
  { key: 'date', header: 'Effective Date', cell: (r) => formatIndianDate(r.effective_date) },
  { key: 'status', header: 'Status', cell: (r) => <StatusBadge active={r.status} /> },
];

/** Jewell Rates (/admin/jewell-rates): the rate per gram of each jewel type, newest first. */
export function JewelRatesPage() {
  const rates = useJewelRates();
  const remove = useDeleteJewelRate();
  const toasts = useCrudToasts();
  const [editing, setEditing] = useState<{ record: JewelRate | null } | null>(null);
  const [deleting, setDeleting] = useState<JewelRate | null>(null);

  const addButton = (
    <Button onClick={() => setEditing({ record: null })}>
      <Icon name="plus" className="size-4" />
      Add Jewel Rate
    </Button>
  );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toasts.success('Jewel rate deleted.'),
      onError: (error) => toasts.failure(error, 'Failed to delete jewel rate.', 'Delete Failed'),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      <DataTable
        title="Jewel Rates"
        description="The rate per gram of each jewel type; the latest by effective date values new pledges."
        toolbar={addButton}
        columns={columns}
        rows={rates.data}
        getRowKey={(r) => r.id}
        isLoading={rates.isPending}
        error={rates.isError ? 'Failed to fetch jewel rates.' : null}
        onRetry={() => void rates.refetch()}
        emptyText="No jewel rates yet."
        emptyDescription="Add a rate per gram for each jewel type."
        emptyAction={addButton}
        actions={(r) => (
          <>
            <RowActionButton
              label={`Edit rate of ${nameOf(r)} from ${formatIndianDate(r.effective_date)}`}
              onClick={() => setEditing({ record: r })}
            >
              Edit
            </RowActionButton>
            <RowActionButton
              label={`Delete rate of ${nameOf(r)} from ${formatIndianDate(r.effective_date)}`}
              tone="danger"
              onClick={() => setDeleting(r)}
            >
              Delete
            </RowActionButton>
          </>
        )}
      />
      {editing ? <JewelRateFormDialog record={editing.record} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Jewel Rate"
        message={
          deleting
            ? `Delete the ${nameOf(deleting)} rate of ${formatRupeeAmount(deleting.rate_per_gram)} per gram from ${formatIndianDate(deleting.effective_date)}? This cannot be undone.`
            : ''
        }
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
