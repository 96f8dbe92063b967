import { lazy, type ReactNode, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { SignInPage } from '@/features/auth/pages/sign-in-page';
import { useSession } from '@/lib/session';

// The sign-in screen is part of the first load (its few KB and the form's zod and domain code, which
// the signed-in screens use too), so it draws without a second round of requests (Lighthouse
// mobile, LCP). The other screens are chunks of their own: the sign-in screen loads neither the router,
// the shell nor the charts.
const SelectCompanyPage = lazy(() => import('@/features/companies/pages/select-company-page'));
const AppRouter = lazy(() => import('./router'));

/** Spec §2 session flow: no token → sign-in; no company → company selection; else the shell. */
export function App() {
  const { token, company } = useSession();
  let screen: ReactNode;
  if (!token) screen = <SignInPage />;
  else if (!company) screen = <SelectCompanyPage />;
  else screen = <AppRouter />;
  return <Suspense fallback={<Spinner className="min-h-screen" />}>{screen}</Suspense>;
}
