import { Link } from 'react-router';
import { Icon } from '@/components/ui/icons';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { isAdmin } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { useBackups } from '../api/get-backups';
import { backupAge, failureReason, runInstant } from './backup-text';
import { backupAttentionText } from './i18n';

/** How often the banner reads the backups' state again: a stale backup shows within this time. */
export const BANNER_REFRESH_MS = 5 * 60_000;

/** Where the banner's link goes: the dashboard, which brings its Backups card into view. */
export const BACKUPS_CARD_LINK = { pathname: '/dashboard', search: '?show=backups' } as const;

const tones = {
  warning:
    'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-500/70 dark:bg-amber-500/15 dark:text-amber-100',
  failed: 'border-red-300 bg-red-50 text-red-800 dark:border-red-700 dark:bg-red-950/60 dark:text-red-100',
} as const;

/**
 * An admin's warning above every screen when the backups need them: none taken yet, the last good one
 * older than 26 hours, or the last one failed (with the server's reason). Nothing for anyone else, who
 * asks nothing of the server for it.
 */
export function BackupBanner() {
  const { user } = useSession();
  const admin = isAdmin(user);
  const backups = useBackups({ enabled: admin, refreshEvery: BANNER_REFRESH_MS });
  const t = useT(backupAttentionText);
  const messageText = useMessageText();
  const data = admin ? backups.data : undefined;
  const attention = data?.attention;
  if (!data || !attention) return null;
  let text: string;
  if (attention.reason === 'failed') {
    text = t('failed', { reason: failureReason(data, messageText) });
  } else if (attention.reason === 'stale' && data.last_good) {
    const age = backupAge(t, runInstant(data.last_good));
    text = age
      ? t('stale', { age })
      : messageText(attention.message, attention.message_code, attention.message_params);
  } else if (attention.reason === 'none_yet') {
    text = t('noneYet');
  } else {
    text = messageText(attention.message, attention.message_code, attention.message_params);
  }
  const failed = attention.reason === 'failed';
  return (
    <div
      role={failed ? 'alert' : 'status'}
      data-testid="backup-banner"
      data-reason={attention.reason}
      className={`mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl border px-4 py-3 text-sm print:hidden ${tones[failed ? 'failed' : 'warning']}`}
    >
      <Icon name="alert" className="size-5 shrink-0" />
      <p className="min-w-0 flex-1 font-medium">{text}</p>
      <Link
        to={BACKUPS_CARD_LINK}
        className="font-semibold underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
      >
        {t('openBackups')}
      </Link>
    </div>
  );
}
