import { zodResolver } from '@hookform/resolvers/zod';
import {
  USER_ROLES,
  type UserUpdateFormInput,
  type UserUpdateInput,
  userCreateSchema,
  userUpdateSchema,
} from '@pledge-desk/domain';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import {
  applyServerFieldErrors,
  FormError,
  formErrorText,
  SelectField,
} from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { useCrudToasts } from '../../../components/ui/use-crud-toasts';
import { capitalise } from '../../../lib/format';
import type { UserRecord } from '../api/get-users';
import { useSaveUser } from '../api/save-user';

const fields = ['username', 'email', 'role', 'password'] as const;

/**
 * Add or edit a user, with the role chosen by the admin. A new user needs a password of 4 or more
 * characters; on edit a blank password keeps the old one. Mounted per opening, so it starts fresh.
 */
export function UserFormDialog({ record, onClose }: { record: UserRecord | null; onClose: () => void }) {
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
          toasts.success(isEdit ? 'User updated successfully.' : 'User created successfully.');
          onClose();
        },
        onError: (error) => applyServerFieldErrors(error, setError, fields),
      },
    );
  });

  const formError = formErrorText(save.error, 'Failed to save user.', fields);

  return (
    <Modal
      open
      title={isEdit ? 'Edit User' : 'Add User'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="user-form" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : isEdit ? 'Update' : 'Save'}
          </Button>
        </>
      }
    >
      <form id="user-form" noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormError message={formError} />
        <TextField
          label="Username"
          autoComplete="off"
          error={errors.username?.message}
          {...register('username')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <SelectField label="Role" error={errors.role?.message} {...register('role')}>
          {USER_ROLES.map((role) => (
            <option key={role} value={role}>
              {capitalise(role)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={isEdit ? 'New Password (leave blank to keep the current one)' : 'Password'}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
      </form>
    </Modal>
  );
}
