import { LanguageSwitch } from '@/components/ui/language-switch';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { useT } from '@/lib/i18n/language';
import { SignInForm } from '../components/sign-in-form';
import { signInText } from '../i18n';

export function SignInPage() {
  const t = useT(signInText);
  return (
    <div className="flex min-h-screen bg-white dark:bg-navy-900">
      <main className="relative flex flex-1 flex-col items-center justify-center px-6 py-12">
        <div className="absolute top-4 right-4 flex items-center gap-2">
          <LanguageSwitch />
          <ThemeToggle />
        </div>
        <div className="w-full max-w-sm">
          <p className="mb-8 text-2xl font-bold tracking-tight text-navy-700 dark:text-white">
            Pledge <span className="text-brand-500 dark:text-brand-300">Desk</span>
          </p>
          <h1 className="text-3xl font-bold text-navy-700 dark:text-white">{t('title')}</h1>
          <p className="mt-2 mb-8 text-sm text-slate-500 dark:text-slate-400">{t('intro')}</p>
          <SignInForm />
        </div>
      </main>
      <aside
        aria-hidden="true"
        className="hidden w-[44%] flex-col justify-between bg-gradient-to-br from-brand-500 to-navy-800 p-12 text-white lg:flex"
      >
        <p className="text-lg font-semibold opacity-90">Pledge Desk</p>
        <div>
          <p className="text-4xl leading-tight font-bold">{t('tagline')}</p>
          <p className="mt-4 text-base opacity-80">{t('about')}</p>
        </div>
        <p className="text-sm opacity-70">நகைக் கடன் மேலாண்மை</p>
      </aside>
    </div>
  );
}

export default SignInPage;
