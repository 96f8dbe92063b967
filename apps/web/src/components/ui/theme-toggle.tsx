import { useT } from '@/lib/i18n/language';
import { useTheme } from '@/lib/theme';
import { uiText } from './i18n';
import { Icon } from './icons';

export function ThemeToggle({ className = '' }: { className?: string }) {
  const { theme, toggleTheme } = useTheme();
  const t = useT(uiText);
  const label = theme === 'dark' ? t('toLight') : t('toDark');
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-label={label}
      title={label}
      className={`grid size-10 place-items-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-navy-700 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-slate-300 dark:hover:bg-navy-700 dark:hover:text-white ${className}`}
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
    </button>
  );
}
