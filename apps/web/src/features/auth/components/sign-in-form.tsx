import type { LoginInput } from '@pledge-desk/domain';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icons';
import { TextField } from '@/components/ui/text-field';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useSession } from '@/lib/session';
import { signInErrorMessage, useLogin } from '../api/login';
import { signInText } from '../i18n';
import { checkSignIn, type SignInErrors } from './sign-in-check';

type Field = keyof LoginInput;

/**
 * Sign-in with the shared login schema's rules (sign-in-check.ts). A plain form rather than react-hook-form, which every other
 * form uses: the first screen fetches no form library (issue 32, page weight), and two fields need
 * none. Like the other forms it checks on submit, then again as the clerk corrects a field, and puts
 * the cursor on the first field in error.
 */
export function SignInForm() {
  const { signIn } = useSession();
  const loginMutation = useLogin();
  const t = useT(signInText);
  const messageText = useMessageText();
  const [values, setValues] = useState<LoginInput>({ username: '', password: '' });
  const [errors, setErrors] = useState<SignInErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const inputs = { username: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const field = (name: Field) => ({
    name,
    ref: inputs[name],
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (submitted) setErrors(checkSignIn(next));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = checkSignIn(values);
    setErrors(found);
    const first = (['username', 'password'] as const).find((name) => found[name]);
    if (first) {
      inputs[first].current?.focus();
      return;
    }
    loginMutation.mutate(values, { onSuccess: ({ token, user }) => signIn(token, user) });
  };

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
        error={errors.username}
        {...field('username')}
      />
      <TextField
        label={t('password')}
        type="password"
        autoComplete="current-password"
        placeholder={t('passwordPlaceholder')}
        error={errors.password}
        {...field('password')}
      />
      <Button type="submit" className="w-full py-3" disabled={isPending}>
        {isPending ? t('submitting') : t('submit')}
      </Button>
    </form>
  );
}
