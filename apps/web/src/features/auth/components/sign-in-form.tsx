import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginInput, loginSchema } from '@pledge-desk/domain';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icons';
import { TextField } from '@/components/ui/text-field';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useSession } from '@/lib/session';
import { signInErrorMessage, useLogin } from '../api/login';
import { signInText } from '../i18n';

export function SignInForm() {
  const { signIn } = useSession();
  const loginMutation = useLogin();
  const t = useT(signInText);
  const messageText = useMessageText();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    loginMutation.mutate(values, { onSuccess: ({ token, user }) => signIn(token, user) });
  });

  const isPending = loginMutation.isPending;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label={t('formName')}>
      {loginMutation.isError ? (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700 dark:border-red-800 dark:bg-red-950/50 dark:text-red-300"
        >
          <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
          <span>{messageText(signInErrorMessage(loginMutation.error))}</span>
        </div>
      ) : null}
      <TextField
        label={t('username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={t('usernamePlaceholder')}
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        label={t('password')}
        type="password"
        autoComplete="current-password"
        placeholder={t('passwordPlaceholder')}
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" className="w-full py-3" disabled={isPending}>
        {isPending ? t('submitting') : t('submit')}
      </Button>
    </form>
  );
}
