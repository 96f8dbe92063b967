import { useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigation, useSearchParams } from 'react-router';
import { useToast } from '@/components/ui/toasts';
import { useMe } from '@/features/auth/api/get-me';
import { BackupBanner } from '@/features/backups/attention/backup-banner';
import { LicenceBanner } from '@/features/compliance/components/licence-banner';
import { useT } from '@/lib/i18n/language';
import { useSession } from '@/lib/session';
import { shellText } from '../i18n';
import { usePageTitle } from '../page-title';
import { Header } from './header';
import { SIDEBAR_AUTO_CLOSE_WIDTH, Sidebar } from './sidebar';

export function AppShell() {
  const title = usePageTitle();
  const navigation = useNavigation();
  const t = useT(shellText);
  const { token, user, updateUser } = useSession();
  const [isSidebarOpen, setIsSidebarOpen] = useState(false);
  const closeSidebar = useCallback(() => setIsSidebarOpen(false), []);

  // The overlay sidebar must not stay open when the window narrows below 1280 px (spec §9).
  useEffect(() => {
    const onResize = () => {
      if (window.innerWidth < SIDEBAR_AUTO_CLOSE_WIDTH) setIsSidebarOpen(false);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  // A refused address lands here with ?denied=1 (route-guards.tsx): say so once, then drop the mark.
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const { showToast } = useToast();
  const toldFor = useRef<string | null>(null);
  useEffect(() => {
    if (!searchParams.has('denied') || toldFor.current === location.key) return;
    toldFor.current = location.key;
    showToast({ type: 'warning', title: t('accessDenied'), message: t('noAccessToPage') });
    setSearchParams(
      (params) => {
        params.delete('denied');
        return params;
      },
      { replace: true },
    );
  }, [searchParams, location.key, showToast, setSearchParams, t]);

  // Role and permissions may have changed since sign-in; the server's answer replaces the stored copy.
  const me = useMe(Boolean(token));
  useEffect(() => {
    if (me.data && JSON.stringify(me.data) !== JSON.stringify(user)) updateUser(me.data);
  }, [me.data, user, updateUser]);

  return (
    <div className="min-h-screen">
      {/* A button, not a link: in a hash router "#main-content" would be read as a route. */}
      <button
        type="button"
        onClick={() => document.getElementById('main-content')?.focus()}
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('skipToContent')}
      </button>
      {/* Only the page prints (the pawn ticket): never the sidebar or the header. */}
      <div className="print:hidden">
        <Sidebar isOpen={isSidebarOpen} onClose={closeSidebar} />
      </div>
      <div className="xl:ml-64 print:ml-0">
        <Header title={title} isSidebarOpen={isSidebarOpen} onOpenSidebar={() => setIsSidebarOpen(true)} />
        {navigation.state === 'loading' ? (
          <div
            role="progressbar"
            aria-label={t('loadingPage')}
            className="fixed top-0 right-0 left-0 z-50 h-0.5 animate-pulse bg-brand-500"
          />
        ) : null}
        <main id="main-content" tabIndex={-1} className="px-4 pt-2 pb-10 outline-none md:px-6 print:p-0">
          <LicenceBanner />
          <BackupBanner />
          <Outlet />
        </main>
      </div>
    </div>
  );
}
