import { formatIndianDate } from '@pledge-desk/domain';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, RowActionButton } from '@/components/ui/data-table';
import { Icon } from '@/components/ui/icons';
import { useCrudToasts } from '@/components/ui/use-crud-toasts';
import { useT } from '@/lib/i18n/language';
import { useDeleteRate } from '../api/delete-rate';
import { type GoldSilverRate, useRates } from '../api/get-rates';
import { RateFormDialog } from '../components/rate-form-dialog';
import { ratesText } from '../i18n';
import { formatRupeeAmount } from '../rate-math';

type RatesTextKey = keyof typeof ratesText.en;

/** The columns, their headers as catalogue keys (translated at render). */
const columns: (Omit<DataTableColumn<GoldSilverRate>, 'header'> & { header: RatesTextKey })[] = [
  {
    key: 'date',
    header: 'date',
    cell: (r) => <span className="font-semibold">{formatIndianDate(r.date)}</span>,
  },
  {
    key: 'gold',
    header: 'goldPerGram',
    align: 'right',
    cell: (r) => formatRupeeAmount(r.gold_rate_per_gram),
  },
  {
    key: 'silver',
    header: 'silverPerGram',
    align: 'right',
    cell: (r) => formatRupeeAmount(r.silver_rate_per_gram),
  },
];

/** Rate Management (/admin/gold-silver-rates): dated gold and silver rates, by date descending. */
export function RateManagementPage() {
  const t = useT(ratesText);
  const rates = useRates();
  const remove = useDeleteRate();
  const toasts = useCrudToasts();
  const [editing, setEditing] = useState<{ record: GoldSilverRate | null } | null>(null);
  const [deleting, setDeleting] = useState<GoldSilverRate | null>(null);

  const addButton = (
    <Button onClick={() => setEditing({ record: null })}>
      <Icon name="plus" className="size-4" />
      {t('addRate')}
    </Button>
  );

  const confirmDelete = () => {
    if (!deleting) return;
    const record = deleting;
    remove.mutate(record.id, {
      onSuccess: () => toasts.success(t('deleted', { date: formatIndianDate(record.date) })),
      onError: (error) => toasts.failure(error, t('deleteFailed'), 'Delete Failed'),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      <DataTable
        title={t('title')}
        description={t('description')}
        toolbar={addButton}
        columns={columns.map((c) => ({ ...c, header: t(c.header) }))}
        rows={rates.data}
        getRowKey={(r) => r.id}
        isLoading={rates.isPending}
        error={rates.isError ? t('fetchFailed') : null}
        onRetry={() => void rates.refetch()}
        emptyText={t('noRates')}
        emptyDescription={t('noRatesHelp')}
        emptyAction={addButton}
        minWidth="36rem"
        actions={(r) => (
          <>
            <RowActionButton
              label={t('editLabel', { date: formatIndianDate(r.date) })}
              onClick={() => setEditing({ record: r })}
            >
              {t('edit')}
            </RowActionButton>
            <RowActionButton
              label={t('deleteLabel', { date: formatIndianDate(r.date) })}
              tone="danger"
              onClick={() => setDeleting(r)}
            >
              {t('delete')}
            </RowActionButton>
          </>
        )}
      />
      {editing ? <RateFormDialog record={editing.record} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage', { date: deleting ? formatIndianDate(deleting.date) : '' })}
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
