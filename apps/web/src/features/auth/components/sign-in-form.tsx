import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginInput, loginSchema } from '@pledge-desk/domain';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/text-field';
import { useSession } from '../../../lib/session';
import { signInErrorMessage, useLogin } from '../api/login';

export function SignInForm() {
  const { signIn } = useSession();
  const loginMutation = useLogin();
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
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Sign in">
      {loginMutation.isError ? (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700 dark:border-red-800 dark:bg-red-950/50 dark:text-red-300"
        >
          <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
          <span>{signInErrorMessage(loginMutation.error)}</span>
        </div>
      ) : null}
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="Enter your username"
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        placeholder="Enter your password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" className="w-full py-3" disabled={isPending}>
        {isPending ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}
