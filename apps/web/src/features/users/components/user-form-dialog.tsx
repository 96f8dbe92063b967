import { zodResolver } from '@hookform/resolvers/zod';
import {
  USER_ROLES,
  type UserUpdateFormInput,
  type UserUpdateInput,
  userCreateSchema,
  userUpdateSchema,
} from '@pledge-desk/domain';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { applyServerFieldErrors, FormError, formErrorText, SelectField } from '@/components/ui/form-field';
import { uiText } from '@/components/ui/i18n';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { useCrudToasts } from '@/components/ui/use-crud-toasts';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import type { UserRecord } from '../api/get-users';
import { useSaveUser } from '../api/save-user';
import { usersText } from '../i18n';

const fields = ['username', 'email', 'role', 'password'] as const;

/**
 * Add or edit a user, with the role chosen by the admin. A new user needs a password of 4 or more
 * characters; on edit a blank password keeps the old one. Mounted per opening, so it starts fresh.
 */
export function UserFormDialog({ record, onClose }: { record: UserRecord | null; onClose: () => void }) {
  const t = useT(usersText);
  const ui = useT(uiText);
  const messageText = useMessageText();
  const toasts = useCrudToasts();
  const save = useSaveUser();
  const isEdit = record !== null;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<UserUpdateFormInput, unknown, UserUpdateInput>({
    // A new user must have a password; an edit may leave it blank (shell-and-masters §5).
    // The create schema accepts fewer values (a password is required), which is its point; its
    // output fits the update shape, so it is widened to this form's types.
    resolver: isEdit
      ? zodResolver(userUpdateSchema)
      : (zodResolver(userCreateSchema) as unknown as Resolver<UserUpdateFormInput, unknown, UserUpdateInput>),
    defaultValues: {
      username: record?.username ?? '',
      email: record?.email ?? '',
      role: record?.role ?? 'user',
      password: '',
    },
  });

  const onSubmit = handleSubmit((values) => {
    save.mutate(
      record ? { id: record.id, values } : { values: { ...values, password: values.password ?? '' } },
      {
        onSuccess: () => {
          toasts.success(isEdit ? t('updatedOk') : t('createdOk'));
          onClose();
        },
        onError: (error) => applyServerFieldErrors(error, setError, fields),
      },
    );
  });

  const formError = formErrorText(save.error, t('saveFailed'), fields);

  return (
    <Modal
      open
      title={isEdit ? t('editUser') : t('addUser')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {ui('cancel')}
          </Button>
          <Button type="submit" form="user-form" disabled={save.isPending}>
            {save.isPending ? t('saving') : isEdit ? t('update') : t('save')}
          </Button>
        </>
      }
    >
      <form id="user-form" noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormError message={formError && messageText(formError)} />
        <TextField
          label={t('username')}
          autoComplete="off"
          error={errors.username?.message}
          {...register('username')}
        />
        <TextField
          label={t('email')}
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <SelectField label={t('role')} error={errors.role?.message} {...register('role')}>
          {USER_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(role === 'admin' ? 'roleAdmin' : 'roleUser')}
            </option>
          ))}
        </SelectField>
        <TextField
          label={isEdit ? t('newPassword') : t('password')}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
      </form>
    </Modal>
  );
}
