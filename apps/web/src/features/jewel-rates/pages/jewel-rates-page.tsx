import { formatIndianDate } from '@pledge-desk/domain';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, RowActionButton } from '@/components/ui/data-table';
import { Icon } from '@/components/ui/icons';
import { StatusBadge } from '@/components/ui/status-badge';
import { useCrudToasts } from '@/components/ui/use-crud-toasts';
import { formatRupeeAmount } from '@/lib/format';
import type { Translate } from '@/lib/i18n/catalogue';
import { useT } from '@/lib/i18n/language';
import { useDeleteJewelRate } from '../api/delete-jewel-rate';
import { type JewelRate, useJewelRates } from '../api/get-jewel-rates';
import { JewelRateFormDialog } from '../components/jewel-rate-form-dialog';
import { jewelRatesText } from '../i18n';

type JewelRatesTextKey = keyof typeof jewelRatesText.en;

const nameOf = (t: Translate<JewelRatesTextKey>, r: JewelRate) =>
  r.jewel_name ?? t('jewelTypeNo', { id: r.jewel_type_id });

function TypeCell({ rate }: { rate: JewelRate }) {
  const t = useT(jewelRatesText);
  return <span className="font-semibold">{nameOf(t, rate)}</span>;
}

/** The columns, their headers as catalogue keys (translated at render). */
const columns: (Omit<DataTableColumn<JewelRate>, 'header'> & { header: JewelRatesTextKey })[] = [
  { key: 'type', header: 'jewelType', cell: (r) => <TypeCell rate={r} /> },
  { key: 'rate', header: 'ratePerGram', align: 'right', cell: (r) => formatRupeeAmount(r.rate_per_gram) },
  { key: 'market', header: 'marketPrice', align: 'right', cell: (r) => formatRupeeAmount(r.market_price) },
  {
    key: 'selling',
    header: 'sellingPrice',
    align: 'right',
    cell: (r) => formatRupeeAmount(r.selling_price),
  },
  { key: 'date', header: 'effectiveDate', cell: (r) => formatIndianDate(r.effective_date) },
  { key: 'status', header: 'status', cell: (r) => <StatusBadge active={r.status} /> },
];

/** Jewel Rates (/admin/jewell-rates): the rate per gram of each jewel type, newest first. */
export function JewelRatesPage() {
  const t = useT(jewelRatesText);
  const rates = useJewelRates();
  const remove = useDeleteJewelRate();
  const toasts = useCrudToasts();
  const [editing, setEditing] = useState<{ record: JewelRate | null } | null>(null);
  const [deleting, setDeleting] = useState<JewelRate | null>(null);

  const addButton = (
    <Button onClick={() => setEditing({ record: null })}>
      <Icon name="plus" className="size-4" />
      {t('addJewelRate')}
    </Button>
  );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toasts.success(t('deleted')),
      onError: (error) => toasts.failure(error, t('deleteFailed'), 'Delete Failed'),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      <DataTable
        title={t('jewelRates')}
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
        actions={(r) => (
          <>
            <RowActionButton
              label={t('editLabel', { name: nameOf(t, r), date: formatIndianDate(r.effective_date) })}
              onClick={() => setEditing({ record: r })}
            >
              {t('edit')}
            </RowActionButton>
            <RowActionButton
              label={t('deleteLabel', { name: nameOf(t, r), date: formatIndianDate(r.effective_date) })}
              tone="danger"
              onClick={() => setDeleting(r)}
            >
              {t('delete')}
            </RowActionButton>
          </>
        )}
      />
      {editing ? <JewelRateFormDialog record={editing.record} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        message={
          deleting
            ? t('deleteMessage', {
                name: nameOf(t, deleting),
                rate: formatRupeeAmount(deleting.rate_per_gram),
                date: formatIndianDate(deleting.effective_date),
              })
            : ''
        }
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
