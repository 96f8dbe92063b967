import { useT } from '@/lib/i18n/language';
import { uiText } from './i18n';

export function Spinner({ label, className = '' }: { label?: string; className?: string }) {
  const t = useT(uiText);
  return (
    <div role="status" className={`flex items-center justify-center gap-3 p-6 text-slate-500 ${className}`}>
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-2 border-brand-500 border-t-transparent"
      />
      <span className="text-sm">{label ?? t('loading')}</span>
    </div>
  );
}
