import { useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Language } from '@/lib/i18n/catalogue';
import { chooseLanguage, useLanguage, useT } from '@/lib/i18n/language';
import { useSession } from '@/lib/session';
import { sessionUserSchema } from '@/lib/session-types';
import { uiText } from './i18n';
import { useToast } from './toasts';

/** Each language named in itself, so a reader of either finds theirs. */
const NAMES: Record<Language, { label: string; lang: Language }> = {
  en: { label: 'English', lang: 'en' },
  ta: { label: 'தமிழ்', lang: 'ta' },
};

/**
 * English / தமிழ். Before sign-in the choice stays on this browser; a signed-in user's is
 * also saved on the server, so it follows them to another counter.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const language = useLanguage();
  const t = useT(uiText);
  const { token, updateUser } = useSession();
  const { showToast } = useToast();
  const queryClient = useQueryClient();

  const choose = (next: Language) => {
    if (next === language) return;
    chooseLanguage(next);
    if (!token) return;
    apiRequest<unknown>('/users/me/language', { method: 'PUT', body: { language: next } })
      .then((answer) => {
        const user = sessionUserSchema.safeParse(answer);
        if (!user.success) return;
        // The shell refreshes the user from /users/me: its cached copy must carry the choice too.
        queryClient.setQueryData(['users', 'me'], user.data);
        updateUser(user.data);
      })
      .catch(() => {
        showToast({ type: 'error', title: t('error'), message: t('languageSaveError') });
      });
  };

  return (
    <fieldset
      className={`inline-flex items-center gap-1 rounded-full bg-slate-100 p-1 dark:bg-navy-700 ${className}`}
    >
      <legend className="sr-only">{t('language')}</legend>
      {(['en', 'ta'] as const).map((code) => (
        <button
          key={code}
          type="button"
          lang={NAMES[code].lang}
          aria-pressed={language === code}
          onClick={() => choose(code)}
          className={`rounded-full px-3 py-1 text-xs font-semibold focus-visible:outline-2 focus-visible:outline-brand-500 ${
            language === code
              ? 'bg-white text-navy-700 shadow-sm dark:bg-navy-900 dark:text-white'
              : 'text-slate-600 hover:text-navy-700 dark:text-slate-300 dark:hover:text-white'
          }`}
        >
          {NAMES[code].label}
        </button>
      ))}
    </fieldset>
  );
}
