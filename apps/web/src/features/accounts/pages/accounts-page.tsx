import { CHART_ACCOUNT_MESSAGES } from '@pledge-desk/domain';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, RowActionButton } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icons';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useCrudToasts } from '../../../components/ui/use-crud-toasts';
import { formatAmount } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useDeleteChartAccount } from '../api/delete-chart-account';
import { type ChartAccount, useChartAccounts } from '../api/get-chart-accounts';
import { AccountFormDialog } from '../components/account-form-dialog';

function columnsFor(accounts: readonly ChartAccount[]): DataTableColumn<ChartAccount>[] {
  const byId = new Map(accounts.map((a) => [a.id, a]));
  return [
    { key: 'code', header: 'Code', cell: (a) => <span className="font-mono">{a.account_code}</span> },
    {
      key: 'name',
      header: 'Name',
      cell: (a) => (
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{a.account_name}</span>
          {a.is_system ? (
            <span
              title="Used by pledges and payments: can be renamed, not deleted"
              className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 dark:bg-navy-700 dark:text-brand-300"
            >
              System
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'parent',
      header: 'Parent',
      cell: (a) => {
        const parent = a.sub_account_of != null ? byId.get(a.sub_account_of) : undefined;
        return parent ? `${parent.account_code} — ${parent.account_name}` : '—';
      },
    },
    { key: 'type', header: 'Type', cell: (a) => a.account_type },
    { key: 'category', header: 'Category', cell: (a) => a.account_category },
    {
      key: 'opening',
      header: 'Opening Balance',
      align: 'right',
      className: 'whitespace-nowrap tabular-nums',
      cell: (a) => formatAmount(a.opening_balance),
    },
    { key: 'status', header: 'Status', cell: (a) => <StatusBadge active={a.status} /> },
  ];
}

/** Accounts Masters (/admin/accounts): the chart of the selected company, by id ascending (spec §2). */
export function AccountsPage() {
  const { company } = useSession();
  const companyId = company?.id ?? null;
  const accounts = useChartAccounts(companyId);
  const remove = useDeleteChartAccount();
  const toasts = useCrudToasts();
  const [editing, setEditing] = useState<{ record: ChartAccount | null } | null>(null);
  const [deleting, setDeleting] = useState<ChartAccount | null>(null);

  if (companyId === null) {
    return (
      <section className="rounded-2xl bg-white shadow-sm dark:bg-navy-800" role="alert">
        <EmptyState icon="alert" title={CHART_ACCOUNT_MESSAGES.companyRequired} />
      </section>
    );
  }

  const rows = accounts.data ?? [];
  const addButton = (
    <Button onClick={() => setEditing({ record: null })}>
      <Icon name="plus" className="size-4" />
      Add Account
    </Button>
  );

  const confirmDelete = () => {
    if (!deleting) return;
    const record = deleting;
    remove.mutate(record.id, {
      onSuccess: () => toasts.success(`${record.account_name} has been deleted.`),
      onError: (error) => toasts.failure(error, 'Failed to delete account.', 'Delete Failed'),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      <DataTable
        title="Chart of Accounts"
        description={`Accounts of ${company?.company_name ?? 'the selected company'}, in the order they were created.`}
        toolbar={addButton}
        columns={columnsFor(rows)}
        rows={accounts.data}
        getRowKey={(a) => a.id}
        isLoading={accounts.isPending}
        error={accounts.isError ? 'Failed to fetch accounts.' : null}
        onRetry={() => void accounts.refetch()}
        emptyText="No accounts yet."
        emptyDescription="Add the accounts your books use: cash, bank, capital, income and expenses."
        emptyAction={addButton}
        minWidth="60rem"
        actions={(a) => (
          <>
            <RowActionButton label={`Edit ${a.account_name}`} onClick={() => setEditing({ record: a })}>
              Edit
            </RowActionButton>
            {a.is_system ? null : (
              <RowActionButton
                label={`Delete ${a.account_name}`}
                tone="danger"
                onClick={() => setDeleting(a)}
              >
                Delete
              </RowActionButton>
            )}
          </>
        )}
      />
      {editing ? (
        <AccountFormDialog
          record={editing.record}
          accounts={rows}
          companyId={companyId}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Account"
        message={`Delete the account "${deleting ? `${deleting.account_code} — ${deleting.account_name}` : ''}"? ${CHART_ACCOUNT_MESSAGES.confirmDelete}.`}
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
