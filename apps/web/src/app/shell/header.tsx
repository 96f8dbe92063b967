import { Icon } from '../../components/ui/icons';
import { ThemeToggle } from '../../components/ui/theme-toggle';
import { useSession } from '../../lib/session';
import { AvatarMenu } from './avatar-menu';

export function Header({
  title,
  isSidebarOpen,
  onOpenSidebar,
}: {
  title: string;
  isSidebarOpen: boolean;
  onOpenSidebar: () => void;
}) {
  const { company, changeCompany } = useSession();
  return (
    <header className="sticky top-0 z-20 flex flex-wrap items-center justify-between gap-3 bg-slate-100/80 px-4 py-3 backdrop-blur-md md:px-6 dark:bg-navy-900/80">
      <div className="flex min-w-0 items-center gap-3">
        <button
          type="button"
          onClick={onOpenSidebar}
          aria-label="Open menu"
          aria-controls="app-sidebar"
          aria-expanded={isSidebarOpen}
          className="grid size-10 shrink-0 place-items-center rounded-xl text-navy-700 hover:bg-white xl:hidden dark:text-white dark:hover:bg-navy-800"
        >
          <Icon name="menu" />
        </button>
        <div className="min-w-0">
          <p className="text-sm text-slate-500 dark:text-slate-400">
            Pages / <span className="text-navy-700 dark:text-white">{title}</span>
          </p>
          <h1 className="truncate text-2xl font-bold text-navy-700 md:text-3xl dark:text-white">{title}</h1>
        </div>
      </div>
      <div className="ml-auto flex items-center gap-1 rounded-full bg-white p-1.5 shadow-sm sm:gap-2 dark:bg-navy-800">
        {company ? (
          <div className="flex min-w-0 items-center gap-1 pl-2">
            <Icon name="building" className="size-4 shrink-0 text-slate-400" />
            <span
              className="max-w-[11rem] truncate text-sm font-semibold text-navy-700 dark:text-white"
              title={company.company_name}
            >
              {company.company_name}
            </span>
            <button
              type="button"
              onClick={changeCompany}
              title="Change Company"
              aria-label="Change Company"
              className="rounded-full px-2.5 py-1 text-xs font-semibold text-brand-500 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300 dark:hover:bg-navy-700"
            >
              Change
            </button>
          </div>
        ) : null}
        <label className="relative hidden items-center md:flex">
          <span className="sr-only">Search</span>
          <Icon name="search" className="pointer-events-none absolute left-3 size-4 text-slate-400" />
          <input
            type="search"
            placeholder="Search..."
            className="h-10 w-44 rounded-full bg-slate-100 pr-3 pl-9 text-sm text-navy-700 outline-none placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500/40 lg:w-52 dark:bg-navy-900 dark:text-white"
          />
        </label>
        <ThemeToggle />
        <AvatarMenu />
      </div>
    </header>
  );
}
