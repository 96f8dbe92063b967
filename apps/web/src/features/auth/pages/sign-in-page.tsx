import { ThemeToggle } from '../../../components/ui/theme-toggle';
import { SignInForm } from '../components/sign-in-form';

export function SignInPage() {
  return (
    <div className="flex min-h-screen bg-white dark:bg-navy-900">
      <main className="relative flex flex-1 flex-col items-center justify-center px-6 py-12">
        <ThemeToggle className="absolute top-4 right-4" />
        <div className="w-full max-w-sm">
          <p className="mb-8 text-2xl font-bold tracking-tight text-navy-700 dark:text-white">
            Pledge <span className="text-brand-500 dark:text-brand-300">Desk</span>
          </p>
          <h1 className="text-3xl font-bold text-navy-700 dark:text-white">Sign In</h1>
          <p className="mt-2 mb-8 text-sm text-slate-500 dark:text-slate-400">
            Enter your username and password to sign in.
          </p>
          <SignInForm />
        </div>
      </main>
      <aside
        aria-hidden="true"
        className="hidden w-[44%] flex-col justify-between bg-gradient-to-br from-brand-500 to-navy-800 p-12 text-white lg:flex"
      >
        <p className="text-lg font-semibold opacity-90">Pledge Desk</p>
        <div>
          <p className="text-4xl leading-tight font-bold">Jewellery pledge loans, kept in order.</p>
          <p className="mt-4 text-base opacity-80">
            Pledges, payments, customers and books for every branch.
          </p>
        </div>
        <p className="text-sm opacity-70">நகைக் கடன் மேலாண்மை</p>
      </aside>
    </div>
  );
}

export default SignInPage;
