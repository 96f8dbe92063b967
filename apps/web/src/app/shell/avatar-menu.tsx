import { useEffect, useId, useRef, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Icon } from '@/components/ui/icons';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { initialsOf } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { useSession } from '@/lib/session';
import { useSignOut } from '@/lib/use-sign-out';
import { shellText } from '../i18n';

export function AvatarMenu() {
  const { user } = useSession();
  const signOut = useSignOut();
  const [isOpen, setIsOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const t = useT(shellText);

  // Spec §2: the menu closes on a click outside it (and, for the keyboard, on Escape).
  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: MouseEvent) => {
      if (container.current && !container.current.contains(event.target as Node)) setIsOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [isOpen]);

  const name = user?.username || t('user');
  return (
    <div ref={container} className="relative">
      <button
        type="button"
        // The name holds the initials the button shows (WCAG 2.5.3, axe label-content-name-mismatch).
        aria-label={t('openUserMenu', { initials: initialsOf(user?.username) })}
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={() => setIsOpen((open) => !open)}
        className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        <Avatar name={user?.username} />
      </button>
      {isOpen ? (
        <div
          id={menuId}
          className="absolute top-12 right-0 z-50 w-60 rounded-2xl border border-slate-100 bg-white p-2 shadow-xl dark:border-navy-600 dark:bg-navy-800"
        >
          <div className="border-b border-slate-100 px-3 pt-2 pb-3 dark:border-navy-600">
            <p className="text-sm font-bold text-navy-700 dark:text-white">{t('hey', { name })}</p>
            <p className="mt-0.5 truncate text-xs text-slate-500 dark:text-slate-400">
              {user?.email || t('noEmail')}
            </p>
          </div>
          <div className="border-b border-slate-100 px-3 py-2.5 dark:border-navy-600">
            <LanguageSwitch />
          </div>
          <button
            type="button"
            onClick={signOut}
            className="mt-1 flex w-full items-center gap-2 rounded-xl px-3 py-2 text-left text-sm font-medium text-red-600 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-red-400 dark:hover:bg-navy-700"
          >
            <Icon name="logout" className="size-4" />
            {t('signOut')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
