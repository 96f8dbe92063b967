import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Icon } from '@/components/ui/icons';
import { useT } from '@/lib/i18n/language';
import { hasPermission, isAdmin, permissions } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { nameOfScreen, screenNames, shellText } from '../i18n';
import {
  adminGroups,
  auctionsGroup,
  generalLinks,
  isGroupActive,
  isLinkActive,
  type NavGroup,
  type NavLink,
  pledgeGroup,
  registersGroup,
} from '../nav-config';

/** Spec §9: below this width the sidebar is an overlay that closes after a link is chosen. */
export const SIDEBAR_AUTO_CLOSE_WIDTH = 1280;

function SidebarLink({
  link,
  currentPath,
  onChoose,
}: {
  link: NavLink;
  currentPath: string;
  onChoose: () => void;
}) {
  const isActive = isLinkActive(link.path, currentPath);
  const t = useT(screenNames);
  return (
    <li>
      <Link
        to={link.path}
        onClick={onChoose}
        aria-current={isActive ? 'page' : undefined}
        className={`group flex items-center gap-3 rounded-xl px-3 py-2 text-sm transition focus-visible:outline-2 focus-visible:outline-brand-500 ${
          isActive
            ? 'bg-brand-50 font-semibold text-brand-600 dark:bg-navy-700 dark:text-white'
            : 'text-slate-600 hover:bg-slate-100 hover:text-navy-700 dark:text-slate-400 dark:hover:bg-navy-700 dark:hover:text-white'
        }`}
      >
        <Icon
          name={link.icon}
          className={`size-[18px] shrink-0 ${isActive ? 'text-brand-500 dark:text-brand-300' : 'text-slate-400'}`}
        />
        <span className="flex-1">{nameOfScreen(t, link.label)}</span>
        {isActive ? (
          <span aria-hidden="true" className="h-5 w-1 rounded-full bg-brand-500 dark:bg-brand-300" />
        ) : null}
      </Link>
    </li>
  );
}

function SidebarGroup({
  group,
  currentPath,
  isExpanded,
  onToggle,
  onChoose,
  showAdmin,
}: {
  group: NavGroup;
  currentPath: string;
  isExpanded: boolean;
  onToggle: () => void;
  onChoose: () => void;
  showAdmin: boolean;
}) {
  const listId = useId();
  const isActive = isGroupActive(group, currentPath);
  const t = useT(screenNames);
  return (
    <li>
      <button
        type="button"
        onClick={onToggle}
        aria-expanded={isExpanded}
        aria-controls={listId}
        className={`flex w-full items-center gap-3 rounded-xl px-3 py-2 text-left text-sm transition focus-visible:outline-2 focus-visible:outline-brand-500 ${
          isActive
            ? 'font-semibold text-navy-700 dark:text-white'
            : 'text-slate-600 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-navy-700 dark:hover:text-white'
        }`}
      >
        <Icon name={group.icon} className="size-[18px] shrink-0 text-slate-400" />
        <span className="flex-1">{nameOfScreen(t, group.label)}</span>
        <Icon name="chevronDown" className={`size-4 transition ${isExpanded ? 'rotate-180' : ''}`} />
      </button>
      <ul
        id={listId}
        hidden={!isExpanded}
        className="mt-1 ml-4 space-y-1 border-l border-slate-200 pl-2 dark:border-navy-600"
      >
        {group.links
          .filter((link) => !(showAdmin && link.staffOnly))
          .map((link) => (
            <SidebarLink key={link.path} link={link} currentPath={currentPath} onChoose={onChoose} />
          ))}
      </ul>
    </li>
  );
}

export function Sidebar({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { pathname } = useLocation();
  const { user } = useSession();
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const t = useT(shellText);

  const showAdmin = isAdmin(user);
  const showPledges = hasPermission(user, permissions.pledgesHandle);
  const groups = [
    ...(showPledges ? [pledgeGroup, registersGroup, auctionsGroup] : []),
    ...(showAdmin ? adminGroups : []),
  ];

  // Arriving under a group's path opens it (spec §2); the toggle can still close it afterwards.
  useEffect(() => {
    const opened = [pledgeGroup, registersGroup, auctionsGroup, ...adminGroups].filter((g) =>
      isGroupActive(g, pathname),
    );
    if (opened.length === 0) return;
    setExpanded((state) => {
      const next = { ...state };
      for (const group of opened) next[group.id] = true;
      return next;
    });
  }, [pathname]);

  const isExpanded = (group: NavGroup) => expanded[group.id] ?? isGroupActive(group, pathname);
  const toggle = (group: NavGroup) => setExpanded((state) => ({ ...state, [group.id]: !isExpanded(group) }));
  const onChoose = () => {
    if (window.innerWidth < SIDEBAR_AUTO_CLOSE_WIDTH) onClose();
  };

  // Opened as an overlay, the sidebar takes the focus so the keyboard lands in it.
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (isOpen && window.innerWidth < SIDEBAR_AUTO_CLOSE_WIDTH) closeButton.current?.focus();
  }, [isOpen]);

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && window.innerWidth < SIDEBAR_AUTO_CLOSE_WIDTH) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isOpen, onClose]);

  return (
    <>
      {isOpen ? (
        <div
          data-testid="sidebar-overlay"
          aria-hidden="true"
          onClick={onClose}
          className="fixed inset-0 z-30 bg-navy-900/50 xl:hidden"
        />
      ) : null}
      <aside
        id="app-sidebar"
        data-state={isOpen ? 'open' : 'closed'}
        className={`fixed inset-y-0 left-0 z-40 flex w-64 flex-col bg-white shadow-xl transition-[translate,visibility] duration-200 xl:visible xl:translate-x-0 xl:shadow-none dark:bg-navy-800 ${
          isOpen ? 'visible translate-x-0' : 'invisible -translate-x-full'
        }`}
      >
        <div className="flex h-20 items-center justify-between border-b border-slate-100 px-6 dark:border-navy-700">
          <Link
            to="/dashboard"
            onClick={onChoose}
            className="text-xl font-bold tracking-tight text-navy-700 dark:text-white"
          >
            Pledge <span className="text-brand-500 dark:text-brand-300">Desk</span>
          </Link>
          <button
            ref={closeButton}
            type="button"
            onClick={onClose}
            aria-label={t('closeMenu')}
            className="grid size-8 place-items-center rounded-md text-slate-500 hover:bg-slate-100 xl:hidden dark:hover:bg-navy-700"
          >
            <Icon name="close" className="size-5" />
          </button>
        </div>
        <nav aria-label={t('mainNav')} className="flex-1 overflow-y-auto px-3 py-4">
          <ul className="space-y-1">
            {generalLinks
              .filter((link) => showAdmin || !link.adminOnly)
              .map((link) => (
                <SidebarLink key={link.path} link={link} currentPath={pathname} onChoose={onChoose} />
              ))}
          </ul>
          {groups.length > 0 ? (
            <>
              {showAdmin ? (
                <p className="mt-6 mb-2 px-3 text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
                  {t('admin')}
                </p>
              ) : (
                <div className="my-4 border-t border-slate-100 dark:border-navy-700" />
              )}
              <ul className="space-y-1">
                {groups.map((group) => (
                  <SidebarGroup
                    key={group.id}
                    group={group}
                    currentPath={pathname}
                    isExpanded={isExpanded(group)}
                    onToggle={() => toggle(group)}
                    onChoose={onChoose}
                    showAdmin={showAdmin}
                  />
                ))}
              </ul>
            </>
          ) : null}
        </nav>
      </aside>
    </>
  );
}
