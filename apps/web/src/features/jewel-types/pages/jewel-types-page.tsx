import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, RowActionButton } from '@/components/ui/data-table';
import { Icon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { useCrudToasts } from '@/components/ui/use-crud-toasts';
import { useT } from '@/lib/i18n/language';
import { useDeleteJewelType } from '../api/delete-jewel-type';
import { type JewelType, useJewelTypes } from '../api/get-jewel-types';
import { JewelTypeFormDialog } from '../components/jewel-type-form-dialog';
import { jewelTypesText } from '../i18n';

type JewelTypesTextKey = keyof typeof jewelTypesText.en;

/** The columns, their headers as catalogue keys (translated at render); the metal cell is given its label. */
function columnsOf(t: (key: JewelTypesTextKey) => string): DataTableColumn<JewelType>[] {
  return columns.map((c) => ({
    ...c,
    header: t(c.header),
    ...(c.key === 'metal' ? { cell: (row: JewelType) => t(row.metal) } : {}),
  }));
}

const columns: (Omit<DataTableColumn<JewelType>, 'header'> & { header: JewelTypesTextKey })[] = [
  {
    key: 'jewel_name',
    header: 'jewelName',
    cell: (t) => <span className="font-semibold">{t.jewel_name}</span>,
  },
  { key: 'purity', header: 'purity', cell: (t) => t.purity },
  { key: 'metal', header: 'metal', cell: (t) => t.metal },
  { key: 'description', header: 'descriptionLabel', cell: (t) => t.description || '—' },
  { key: 'status', header: 'status', cell: (t) => <StatusBadge active={t.status} /> },
];

/** Jewel Type Management (/admin/jewell-types): a full-page spinner while loading (shell-and-masters §2). */
export function JewelTypesPage() {
  const t = useT(jewelTypesText);
  const types = useJewelTypes();
  const remove = useDeleteJewelType();
  const toasts = useCrudToasts();
  const [editing, setEditing] = useState<{ record: JewelType | null } | null>(null);
  const [deleting, setDeleting] = useState<JewelType | null>(null);

  if (types.isPending) return <Spinner className="min-h-[60vh]" label={t('loading')} />;

  const addButton = (
    <Button onClick={() => setEditing({ record: null })}>
      <Icon name="plus" className="size-4" />
      {t('addJewelType')}
    </Button>
  );

  const confirmDelete = () => {
    if (!deleting) return;
    const record = deleting;
    remove.mutate(record.id, {
      onSuccess: () => toasts.success(t('deleted', { name: record.jewel_name })),
      onError: (error) => toasts.failure(error, t('deleteFailed'), 'Delete Failed'),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      <DataTable
        title={t('jewelTypes')}
        description={t('description')}
        toolbar={addButton}
        columns={columnsOf(t)}
        rows={types.data}
        getRowKey={(t) => t.id}
        error={types.isError ? t('fetchFailed') : null}
        onRetry={() => void types.refetch()}
        emptyText={t('noTypes')}
        emptyDescription={t('noTypesHelp')}
        emptyAction={addButton}
        actions={(row) => (
          <>
            <RowActionButton
              label={t('editLabel', { name: row.jewel_name })}
              onClick={() => setEditing({ record: row })}
            >
              {t('edit')}
            </RowActionButton>
            <RowActionButton
              label={t('deleteLabel', { name: row.jewel_name })}
              tone="danger"
              onClick={() => setDeleting(row)}
            >
              {t('delete')}
            </RowActionButton>
          </>
        )}
      />
      {editing ? <JewelTypeFormDialog record={editing.record} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage', { name: deleting?.jewel_name ?? '' })}
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
