import { getApiBaseUrl } from '@/lib/api-client';
import { useT } from '@/lib/i18n/language';
import { companyDetailsText } from '../i18n';

/**
 * The logo is served from the API host's path (shell-and-masters §2): with an API address override
 * (`http://10.0.0.5:8000/api`) the server's `/api/files/…` link is resolved against that host.
 */
export function logoSource(logo: string | null | undefined): string | null {
  if (!logo) return null;
  if (/^(https?:|blob:|data:)/.test(logo)) return logo;
  const base = getApiBaseUrl();
  if (logo.startsWith('/api/') && base !== '/api') return `${base.replace(/\/api$/, '')}${logo}`;
  return logo;
}

/** The company logo, or the 'No Logo' placeholder. */
export function CompanyLogo({
  src,
  name,
  className = 'size-24',
}: {
  src: string | null;
  name: string;
  className?: string;
}) {
  const t = useT(companyDetailsText);
  if (!src) {
    return (
      <div
        role="img"
        aria-label={t('noLogo')}
        className={`grid shrink-0 place-items-center rounded-2xl border-2 border-dashed border-slate-300 bg-slate-50 text-xs font-semibold text-slate-500 dark:border-navy-600 dark:bg-navy-900 dark:text-slate-400 ${className}`}
      >
        {t('noLogo')}
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={t('logoAlt', { name })}
      className={`shrink-0 rounded-2xl border border-slate-200 bg-white object-contain p-1 dark:border-navy-600 ${className}`}
    />
  );
}
