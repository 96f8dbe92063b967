import { CHART_ACCOUNT_MESSAGES } from '@pledge-desk/domain';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, RowActionButton } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { uiText } from '@/components/ui/i18n';
import { Icon } from '@/components/ui/icons';
import { StatusBadge } from '@/components/ui/status-badge';
import { useCrudToasts } from '@/components/ui/use-crud-toasts';
import { formatAmount } from '@/lib/format';
import type { Translate } from '@/lib/i18n/catalogue';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useSession } from '@/lib/session';
import { useDeleteChartAccount } from '../api/delete-chart-account';
import { type ChartAccount, useChartAccounts } from '../api/get-chart-accounts';
import { AccountFormDialog } from '../components/account-form-dialog';
import { ACCOUNT_TYPE_KEYS, type AccountsKey, accountsText } from '../i18n';

function columnsFor(
  t: Translate<AccountsKey>,
  accounts: readonly ChartAccount[],
): DataTableColumn<ChartAccount>[] {
  const byId = new Map(accounts.map((a) => [a.id, a]));
  return [
    { key: 'code', header: t('code'), cell: (a) => <span className="font-mono">{a.account_code}</span> },
    {
      key: 'name',
      header: t('name'),
      cell: (a) => (
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{a.account_name}</span>
          {a.is_system ? (
            <span
              title={t('systemTitle')}
              className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 dark:bg-navy-700 dark:text-brand-300"
            >
              {t('system')}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'parent',
      header: t('parent'),
      cell: (a) => {
        const parent = a.sub_account_of != null ? byId.get(a.sub_account_of) : undefined;
        return parent ? `${parent.account_code} — ${parent.account_name}` : '—';
      },
    },
    {
      key: 'type',
      header: t('type'),
      cell: (a) => {
        const key = ACCOUNT_TYPE_KEYS[a.account_type];
        return key ? t(key) : a.account_type;
      },
    },
    { key: 'category', header: t('category'), cell: (a) => a.account_category },
    {
      key: 'opening',
      header: t('openingBalance'),
      align: 'right',
      className: 'whitespace-nowrap tabular-nums',
      cell: (a) => formatAmount(a.opening_balance),
    },
    { key: 'status', header: t('status'), cell: (a) => <StatusBadge active={a.status} /> },
  ];
}

/** Accounts Masters (/admin/accounts): the chart of the selected company, by id ascending (spec §2). */
export function AccountsPage() {
  const t = useT(accountsText);
  const ui = useT(uiText);
  const messageText = useMessageText();
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
        <EmptyState icon="alert" title={messageText(CHART_ACCOUNT_MESSAGES.companyRequired)} />
      </section>
    );
  }

  const rows = accounts.data ?? [];
  const addButton = (
    <Button onClick={() => setEditing({ record: null })}>
      <Icon name="plus" className="size-4" />
      {t('addAccount')}
    </Button>
  );

  const confirmDelete = () => {
    if (!deleting) return;
    const record = deleting;
    remove.mutate(record.id, {
      onSuccess: () => toasts.success(t('deleted', { name: record.account_name })),
      onError: (error) => toasts.failure(error, t('deleteFailed'), 'Delete Failed'),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      <DataTable
        title={t('chartOfAccounts')}
        description={t('description', { company: company?.company_name ?? t('theSelectedCompany') })}
        toolbar={addButton}
        columns={columnsFor(t, rows)}
        rows={accounts.data}
        getRowKey={(a) => a.id}
        isLoading={accounts.isPending}
        error={accounts.isError ? t('fetchFailed') : null}
        onRetry={() => void accounts.refetch()}
        emptyText={t('noAccounts')}
        emptyDescription={t('noAccountsDescription')}
        emptyAction={addButton}
        minWidth="60rem"
        actions={(a) => (
          <>
            <RowActionButton
              label={t('editLabel', { name: a.account_name })}
              onClick={() => setEditing({ record: a })}
            >
              {t('edit')}
            </RowActionButton>
            {a.is_system ? null : (
              <RowActionButton
                label={t('deleteLabel', { name: a.account_name })}
                tone="danger"
                onClick={() => setDeleting(a)}
              >
                {ui('delete')}
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
        title={t('deleteTitle')}
        message={t('deleteMessage', {
          account: deleting ? `${deleting.account_code} — ${deleting.account_name}` : '',
        })}
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
