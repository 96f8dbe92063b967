import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, RowActionButton } from '@/components/ui/data-table';
import { Icon } from '@/components/ui/icons';
import { useToast } from '@/components/ui/toasts';
import { useT } from '@/lib/i18n/language';
import { serverSentence } from '../api/bank-errors';
import { useDeleteBank } from '../api/delete-bank';
import { type Bank, useBanks } from '../api/get-banks';
import { bankInputOf, useSaveBank } from '../api/save-bank';
import { BankFormDialog } from '../components/bank-form-dialog';
import { banksText } from '../i18n';

/** The one-click Active/Inactive switch (spec §4): shows the status, and flips it when pressed. */
function StatusToggle({ bank, isBusy, onToggle }: { bank: Bank; isBusy: boolean; onToggle: () => void }) {
  const t = useT(banksText);
  return (
    <button
      type="button"
      role="switch"
      aria-checked={bank.status}
      aria-label={t('switchLabel', { bank: bank.bank_name, account: bank.account_number })}
      title={bank.status ? t('makeInactive') : t('makeActive')}
      disabled={isBusy}
      onClick={onToggle}
      className={`inline-flex items-center gap-2 rounded-full px-2.5 py-1 text-xs font-semibold focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-60 ${
        bank.status
          ? 'bg-emerald-50 text-emerald-700 hover:bg-emerald-100 dark:bg-emerald-900/40 dark:text-emerald-300'
          : 'bg-slate-100 text-slate-600 hover:bg-slate-200 dark:bg-navy-700 dark:text-slate-300'
      }`}
    >
      <span
        aria-hidden="true"
        className={`relative h-4 w-7 rounded-full transition ${bank.status ? 'bg-emerald-500' : 'bg-slate-400'}`}
      >
        <span
          className={`absolute top-0.5 size-3 rounded-full bg-white transition ${bank.status ? 'left-3.5' : 'left-0.5'}`}
        />
      </span>
      {bank.status ? t('active') : t('inactive')}
    </button>
  );
}

/** Banks (/admin/banks): the company's bank accounts with add, edit, delete and the status toggle. */
export function BanksPage() {
  const t = useT(banksText);
  const banks = useBanks();
  const save = useSaveBank();
  const remove = useDeleteBank();
  const { showToast } = useToast();
  const [editing, setEditing] = useState<{ record: Bank | null } | null>(null);
  const [deleting, setDeleting] = useState<Bank | null>(null);
  // Several rows may be switched at once; each stays disabled until its own answer comes.
  const [togglingIds, setTogglingIds] = useState<ReadonlySet<number>>(() => new Set());

  const toggle = async (bank: Bank) => {
    const status = !bank.status;
    setTogglingIds((ids) => new Set(ids).add(bank.id));
    try {
      // Spec §4: the toggle re-sends the full record with the status flipped.
      await save.mutateAsync({ id: bank.id, values: { ...bankInputOf(bank), status } });
      showToast({
        type: 'success',
        title: 'Success',
        message: status ? t('statusChangedActive') : t('statusChangedInactive'),
      });
    } catch (error) {
      showToast({
        type: 'error',
        title: 'Error',
        message: serverSentence(error) ?? t('statusFailed'),
      });
    } finally {
      setTogglingIds((ids) => {
        const next = new Set(ids);
        next.delete(bank.id);
        return next;
      });
    }
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const record = deleting;
    remove.mutate(record.id, {
      onSuccess: () =>
        showToast({ type: 'success', title: 'Success', message: t('deleted', { name: record.bank_name }) }),
      onError: (error) =>
        showToast({
          type: 'error',
          title: 'Delete Failed',
          message: serverSentence(error) ?? t('deleteFailed'),
        }),
      onSettled: () => setDeleting(null),
    });
  };

  const columns: DataTableColumn<Bank>[] = [
    {
      key: 'bank_name',
      header: t('bankName'),
      cell: (b) => <span className="font-semibold">{b.bank_name}</span>,
    },
    {
      key: 'account_holder_name',
      header: t('accountHolder'),
      className: 'min-w-[9rem]',
      cell: (b) => b.account_holder_name,
    },
    {
      key: 'account_number',
      header: t('accountNumber'),
      cell: (b) => <span className="tabular-nums">{b.account_number}</span>,
      className: 'whitespace-nowrap',
    },
    {
      key: 'branch_name',
      header: t('branchIfsc'),
      className: 'min-w-[8rem]',
      cell: (b) => (
        <>
          {b.branch_name}
          <span className="block font-mono text-xs text-slate-500 dark:text-slate-400">{b.ifsc_code}</span>
        </>
      ),
    },
    {
      key: 'account_type',
      header: t('accountType'),
      className: 'whitespace-nowrap',
      cell: (b) => b.account_type,
    },
    {
      key: 'status',
      header: t('status'),
      cell: (b) => <StatusToggle bank={b} isBusy={togglingIds.has(b.id)} onToggle={() => void toggle(b)} />,
    },
  ];

  const addButton = (
    <Button onClick={() => setEditing({ record: null })}>
      <Icon name="plus" className="size-4" />
      {t('addBank')}
    </Button>
  );

  return (
    <>
      <DataTable
        title={t('banks')}
        description={t('description')}
        toolbar={addButton}
        columns={columns}
        rows={banks.data}
        getRowKey={(b) => b.id}
        isLoading={banks.isPending}
        error={banks.isError ? t('loadFailed') : null}
        onRetry={() => void banks.refetch()}
        emptyText={t('noBanks')}
        emptyDescription={t('noBanksHelp')}
        emptyAction={addButton}
        minWidth="54rem"
        actions={(b) => (
          <>
            <RowActionButton
              label={t('editLabel', { bank: b.bank_name, account: b.account_number })}
              onClick={() => setEditing({ record: b })}
            >
              {t('edit')}
            </RowActionButton>
            <RowActionButton
              label={t('deleteLabel', { bank: b.bank_name, account: b.account_number })}
              tone="danger"
              onClick={() => setDeleting(b)}
            >
              {t('delete')}
            </RowActionButton>
          </>
        )}
      />
      {editing ? <BankFormDialog record={editing.record} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage', {
          account: deleting?.account_number ?? '',
          bank: deleting?.bank_name ?? '',
        })}
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

export default BanksPage;
