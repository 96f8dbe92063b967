import { useEffect, useRef } from 'react';
import { Icon } from '@/components/ui/icons';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { useCompanies } from '@/features/companies/api/get-companies';
import { useT } from '@/lib/i18n/language';
import { hasPermission, permissions } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import type { Company } from '@/lib/session-types';
import { QuickSearch } from '@/shared/quick-search/quick-search';
import { shellText } from '../i18n';
import { AvatarMenu } from './avatar-menu';

/**
 * The company chip in two parts: branches of one business share the start of their name ('Sri Lakshmi
 * Jewel Loans - Chennai', '... - Madurai'), so the start may be cut but the part that tells them apart
 * (after the last ' - ', else the city when the name does not hold it) always shows.
 */
export function companyChipParts(company: Company): { lead: string; tail: string } {
  const name = company.company_name.trim();
  const cut = name.lastIndexOf(' - ');
  if (cut > 0) return { lead: name.slice(0, cut), tail: ` - ${name.slice(cut + 3)}` };
  const city = company.city?.trim();
  if (city && !name.toLowerCase().includes(city.toLowerCase())) return { lead: name, tail: ` · ${city}` };
  return { lead: name, tail: '' };
}

export function Header({
  title,
  isSidebarOpen,
  onOpenSidebar,
}: {
  title: string;
  isSidebarOpen: boolean;
  onOpenSidebar: () => void;
}) {
  const { company, changeCompany, user } = useSession();
  const companies = useCompanies();
  const t = useT(shellText);
  // Nothing to change to: a user who may use one company only, and may not create another.
  const hasChoice =
    hasPermission(user, permissions.companiesManage) ||
    companies.data === undefined ||
    companies.data.length > 1;
  const chip = company ? companyChipParts(company) : null;
  const headerRef = useRef<HTMLElement>(null);
  // The sticky header's height, for the page's scroll-padding-top (index.css): a field that takes
  // focus scrolls to below the header with its label, not under it.
  useEffect(() => {
    const header = headerRef.current;
    if (!header || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.setProperty('--header-height', `${Math.ceil(header.getBoundingClientRect().height)}px`);
    });
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--header-height');
    };
  }, []);
  return (
    <header
      ref={headerRef}
      className="sticky top-0 z-20 flex print:hidden flex-wrap items-center justify-between gap-3 bg-slate-100/80 px-4 py-3 backdrop-blur-md md:px-6 dark:bg-navy-900/80"
    >
      <div className="flex min-w-0 items-center gap-3">
        <button
          type="button"
          onClick={onOpenSidebar}
          aria-label={t('openMenu')}
          aria-controls="app-sidebar"
          aria-expanded={isSidebarOpen}
          className="grid size-10 shrink-0 place-items-center rounded-xl text-navy-700 hover:bg-white xl:hidden dark:text-white dark:hover:bg-navy-800"
        >
          <Icon name="menu" />
        </button>
        <div className="min-w-0">
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {t('pages')} / <span className="text-navy-700 dark:text-white">{title}</span>
          </p>
          <h1 className="truncate text-2xl font-bold text-navy-700 md:text-3xl dark:text-white">{title}</h1>
        </div>
      </div>
      <div className="ml-auto flex max-w-full min-w-0 items-center gap-1 rounded-full bg-white p-1.5 shadow-sm sm:gap-2 dark:bg-navy-800">
        {company && chip ? (
          <div className="flex min-w-0 items-center gap-1 pl-2">
            <Icon name="building" className="size-4 shrink-0 text-slate-400" />
            <span
              data-testid="company-chip"
              className="flex min-w-0 max-w-[16rem] text-sm font-semibold text-navy-700 dark:text-white"
              title={company.company_name}
            >
              <span className="min-w-0 truncate">{chip.lead}</span>
              {chip.tail ? <span className="shrink-0 whitespace-pre">{chip.tail}</span> : null}
            </span>
            {hasChoice ? (
              <button
                type="button"
                onClick={changeCompany}
                title={t('changeCompany')}
                aria-label={t('changeCompany')}
                className="rounded-full px-2.5 py-1 text-xs font-semibold text-brand-500 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300 dark:hover:bg-navy-700"
              >
                {t('change')}
              </button>
            ) : null}
          </div>
        ) : null}
        {hasPermission(user, permissions.pledgesHandle) ? <QuickSearch /> : null}
        <ThemeToggle />
        <AvatarMenu />
      </div>
    </header>
  );
}
