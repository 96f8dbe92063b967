import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, RowActionButton } from '@/components/ui/data-table';
import { Icon } from '@/components/ui/icons';
import { StatusBadge } from '@/components/ui/status-badge';
import { useCrudToasts } from '@/components/ui/use-crud-toasts';
import { useT } from '@/lib/i18n/language';
import { useDeleteScheme } from '../api/delete-scheme';
import { type Scheme, useSchemes } from '../api/get-schemes';
import { SchemeFormDialog } from '../components/scheme-form-dialog';
import { schemesText } from '../i18n';

type SchemesTextKey = keyof typeof schemesText.en;

const percent = (value: number) => `${value.toFixed(2)}%`;

/** The columns, their headers as catalogue keys (translated at render). */
const columns: (Omit<DataTableColumn<Scheme>, 'header'> & { header: SchemesTextKey })[] = [
  {
    key: 'name',
    header: 'scheme',
    cell: (s) => (
      <>
        <span className="block font-semibold">{s.scheme_name}</span>
        <span className="text-xs text-slate-500 dark:text-slate-400">{s.short_name}</span>
      </>
    ),
  },
  { key: 'prefix', header: 'prefix', cell: (s) => <span className="font-mono">{s.prefix}</span> },
  { key: 'type', header: 'jewelType', cell: (s) => s.jewel_name ?? '—' },
  {
    key: 'interest',
    header: 'interestMonth',
    className: 'whitespace-nowrap',
    align: 'right',
    cell: (s) => percent(s.interest_rate_per_month),
  },
  {
    key: 'duration',
    header: 'duration',
    align: 'right',
    className: 'whitespace-nowrap',
    cell: (s) => <DurationCell scheme={s} />,
  },
  {
    key: 'loan',
    header: 'loanAllowed',
    align: 'right',
    className: 'whitespace-nowrap',
    cell: (s) => percent(s.loan_eligibility_percentage),
  },
  { key: 'slippage', header: 'slippage', align: 'right', cell: (s) => percent(s.slippage_percent) },
  { key: 'status', header: 'status', cell: (s) => <StatusBadge active={s.status} /> },
];

function DurationCell({ scheme: s }: { scheme: Scheme }) {
  const t = useT(schemesText);
  return (
    <>
      <span className="block">{t('months', { count: s.duration_in_months })}</span>
      {/* The RBI regime counts such a loan's interest for the term and caps it at 12 months. */}
      {s.bullet_repayment ? (
        <span className="mt-1 inline-flex rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800 dark:bg-amber-900/40 dark:text-amber-200">
          {t('oneSum')}
        </span>
      ) : (
        <span className="mt-1 block text-xs text-slate-600 dark:text-slate-300">{t('inParts')}</span>
      )}
    </>
  );
}

/** Schemes (/admin/schemes): loan schemes with their interest, duration and loan-allowed percent. */
export function SchemesPage() {
  const t = useT(schemesText);
  const schemes = useSchemes();
  const remove = useDeleteScheme();
  const toasts = useCrudToasts();
  const [editing, setEditing] = useState<{ record: Scheme | null } | null>(null);
  const [deleting, setDeleting] = useState<Scheme | null>(null);

  const addButton = (
    <Button onClick={() => setEditing({ record: null })} disabled={!schemes.data}>
      <Icon name="plus" className="size-4" />
      {t('addScheme')}
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
        title={t('schemes')}
        description={t('description')}
        toolbar={addButton}
        columns={columns.map((c) => ({ ...c, header: t(c.header) }))}
        rows={schemes.data}
        getRowKey={(s) => s.id}
        isLoading={schemes.isPending}
        error={schemes.isError ? t('fetchFailed') : null}
        onRetry={() => void schemes.refetch()}
        emptyText={t('noSchemes')}
        emptyDescription={t('noSchemesHelp')}
        emptyAction={addButton}
        minWidth="56rem"
        actions={(s) => (
          <>
            <RowActionButton
              label={t('editLabel', { name: s.scheme_name })}
              onClick={() => setEditing({ record: s })}
            >
              {t('edit')}
            </RowActionButton>
            <RowActionButton
              label={t('deleteLabel', { name: s.scheme_name })}
              tone="danger"
              onClick={() => setDeleting(s)}
            >
              {t('delete')}
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
        title={t('deleteTitle')}
        message={t('deleteMessage', { name: deleting?.scheme_name ?? '' })}
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
