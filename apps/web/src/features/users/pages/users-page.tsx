import { businessToday, formatIndianDate, USER_MESSAGES } from '@pledge-desk/domain';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type DataTableColumn, RowActionButton } from '@/components/ui/data-table';
import { Icon } from '@/components/ui/icons';
import { useCrudToasts } from '@/components/ui/use-crud-toasts';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useSession } from '@/lib/session';
import { useDeleteUser } from '../api/delete-user';
import { type UserRecord, useUsers } from '../api/get-users';
import { UserFormDialog } from '../components/user-form-dialog';
import { usersText } from '../i18n';

/** The day (in India) an account was made, DD/MM/YYYY. */
function createdOn(instant: string | null | undefined): string {
  if (!instant) return '—';
  const at = new Date(instant);
  return Number.isNaN(at.getTime()) ? '—' : formatIndianDate(businessToday(undefined, at));
}

/** User Management (/admin/users): admins add, edit and delete users and choose their role. */
export function UsersPage() {
  const t = useT(usersText);
  const messageText = useMessageText();
  const { user: me } = useSession();
  const users = useUsers();
  const remove = useDeleteUser();
  const toasts = useCrudToasts();
  const [editing, setEditing] = useState<{ record: UserRecord | null } | null>(null);
  const [deleting, setDeleting] = useState<UserRecord | null>(null);

  const columns: DataTableColumn<UserRecord>[] = [
    {
      key: 'username',
      header: t('username'),
      cell: (u) => (
        <span className="font-semibold">
          {u.username}
          {u.id === me?.id ? (
            <span className="ml-2 text-xs font-normal text-slate-500 dark:text-slate-400">{t('you')}</span>
          ) : null}
        </span>
      ),
    },
    { key: 'email', header: t('email'), cell: (u) => u.email || '—' },
    {
      key: 'role',
      header: t('role'),
      cell: (u) => (
        <span
          className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            u.role === 'admin'
              ? 'bg-brand-50 text-brand-700 dark:bg-navy-700 dark:text-brand-200'
              : 'bg-slate-100 text-slate-600 dark:bg-navy-700 dark:text-slate-300'
          }`}
        >
          {t(u.role === 'admin' ? 'roleAdmin' : 'roleUser')}
        </span>
      ),
    },
    { key: 'created', header: t('created'), cell: (u) => createdOn(u.created_at) },
  ];

  const addButton = (
    <Button onClick={() => setEditing({ record: null })}>
      <Icon name="plus" className="size-4" />
      {t('addUser')}
    </Button>
  );

  const confirmDelete = () => {
    if (!deleting) return;
    const record = deleting;
    remove.mutate(record.id, {
      onSuccess: () => toasts.success(t('deleted', { name: record.username })),
      onError: (error) => toasts.failure(error, t('deleteFailed'), 'Delete Failed'),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      <DataTable
        title={t('users')}
        description={t('description')}
        toolbar={addButton}
        columns={columns}
        rows={users.data}
        getRowKey={(u) => u.id}
        isLoading={users.isPending}
        error={users.isError ? t('fetchFailed') : null}
        onRetry={() => void users.refetch()}
        emptyText={t('noUsers')}
        emptyAction={addButton}
        minWidth="40rem"
        actions={(u) => (
          <>
            <RowActionButton
              label={t('editLabel', { name: u.username })}
              onClick={() => setEditing({ record: u })}
            >
              {t('edit')}
            </RowActionButton>
            <RowActionButton
              label={t('deleteLabel', { name: u.username })}
              tone="danger"
              onClick={() => setDeleting(u)}
              disabled={u.id === me?.id}
              disabledReason={messageText(USER_MESSAGES.deleteSelf)}
            >
              {t('delete')}
            </RowActionButton>
          </>
        )}
      />
      {editing ? <UserFormDialog record={editing.record} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage', { name: deleting?.username ?? '' })}
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
