import { lazy, type ReactNode, Suspense } from 'react';
import { Spinner } from '../components/ui/spinner';
import { useSession } from '../lib/session';

// Each screen of the session flow is its own chunk: the sign-in screen loads neither the router, the
// shell nor the charts.
const SignInPage = lazy(() => import('../features/auth/pages/sign-in-page'));
const SelectCompanyPage = lazy(() => import('../features/companies/pages/select-company-page'));
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
