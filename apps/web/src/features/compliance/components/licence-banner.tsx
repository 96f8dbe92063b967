import { Link } from 'react-router';
import { Icon } from '@/components/ui/icons';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { isAdmin } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { useCompliance } from '@/shared/api/compliance-settings';
import { complianceSettingsText } from '../i18n';

const tones = {
  expiring:
    'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-500/70 dark:bg-amber-500/15 dark:text-amber-100',
  expired: 'border-red-300 bg-red-50 text-red-800 dark:border-red-700 dark:bg-red-950/60 dark:text-red-100',
} as const;

/**
 * The branch's licence above every screen: amber from 30 days before it expires, red
 * once it has (no new pledge can then be made). Nothing while it is valid, unrecorded, or unreadable.
 */
export function LicenceBanner() {
  const t = useT(complianceSettingsText);
  const messageText = useMessageText();
  const { user } = useSession();
  const compliance = useCompliance();
  const state = compliance.data?.licence_state;
  if ((state !== 'expiring' && state !== 'expired') || !compliance.data?.licence_message) return null;
  return (
    <div
      role={state === 'expired' ? 'alert' : 'status'}
      data-testid="licence-banner"
      data-state={state}
      className={`mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl border px-4 py-3 text-sm print:hidden ${tones[state]}`}
    >
      <Icon name="alert" className="size-5 shrink-0" />
      <p className="min-w-0 flex-1 font-medium">{messageText(compliance.data.licence_message)}</p>
      {isAdmin(user) ? (
        <Link
          to="/compliance"
          className="font-semibold underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
        >
          {t('complianceSettings')}
        </Link>
      ) : null}
    </div>
  );
}
