import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, RowActionButton } from '../../../components/ui/data-table';
import { Icon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useCrudToasts } from '../../../components/ui/use-crud-toasts';
import { useDeleteJewelType } from '../api/delete-jewel-type';
import { type JewelType, useJewelTypes } from '../api/get-jewel-types';
import { JewelTypeFormDialog } from '../components/jewel-type-form-dialog';

const METAL_LABELS = { gold: 'Gold', silver: 'Silver' } as const;

const columns: DataTableColumn<JewelType>[] = [
  {
    key: 'jewel_name',
    header: 'Jewel Name',
    cell: (t) => <span className="font-semibold">{t.jewel_name}</span>,
  },
  { key: 'purity', header: 'Purity', cell: (t) => t.purity },
  { key: 'metal', header: 'Metal', cell: (t) => METAL_LABELS[t.metal] },
  { key: 'description', header: 'Description', cell: (t) => t.description || '—' },
  { key: 'status', header: 'Status', cell: (t) => <StatusBadge active={t.status} /> },
];

/** Jewel Type Management (/admin/jewell-types): a full-page spinner while loading (shell-and-masters §2). */
export function JewelTypesPage() {
  const types = useJewelTypes();
  const remove = useDeleteJewelType();
  const toasts = useCrudToasts();
  const [editing, setEditing] = useState<{ record: JewelType | null } | null>(null);
  const [deleting, setDeleting] = useState<JewelType | null>(null);

  if (types.isPending) return <Spinner className="min-h-[60vh]" label="Loading jewel types..." />;

  const addButton = (
    <Button onClick={() => setEditing({ record: null })}>
      <Icon name="plus" className="size-4" />
      Add Jewel Type
    </Button>
  );

  const confirmDelete = () => {
    if (!deleting) return;
    const record = deleting;
    remove.mutate(record.id, {
      onSuccess: () => toasts.success(`${record.jewel_name} has been deleted.`),
      onError: (error) => toasts.failure(error, 'Failed to delete jewel type.', 'Delete Failed'),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      <DataTable
        title="Jewel Types"
        description="Kinds of jewellery taken in pledge, with their purity and metal."
        toolbar={addButton}
        columns={columns}
        rows={types.data}
        getRowKey={(t) => t.id}
        error={types.isError ? 'Failed to fetch jewel types.' : null}
        onRetry={() => void types.refetch()}
        emptyText="No jewel types yet."
        emptyDescription="Add the kinds of jewellery you lend against (chain, ring, bangle...)."
        emptyAction={addButton}
        actions={(t) => (
          <>
            <RowActionButton label={`Edit ${t.jewel_name}`} onClick={() => setEditing({ record: t })}>
              Edit
            </RowActionButton>
            <RowActionButton label={`Delete ${t.jewel_name}`} tone="danger" onClick={() => setDeleting(t)}>
              Delete
            </RowActionButton>
          </>
        )}
      />
      {editing ? <JewelTypeFormDialog record={editing.record} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Jewel Type"
        message={`Delete the jewel type "${deleting?.jewel_name ?? ''}"? This cannot be undone.`}
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
