import type { PledgeSummary } from '@pledge-desk/domain';
import { useT } from '@/lib/i18n/language';
import { pledgeStatusText } from '../i18n';

export { formatWeight } from '@/lib/format';

const tones = {
  active: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300',
  inactive: 'bg-slate-100 text-slate-600 dark:bg-navy-700 dark:text-slate-300',
  closed: 'bg-sky-50 text-sky-700 dark:bg-sky-900/40 dark:text-sky-300',
  bank: 'bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200',
} as const;

function Badge({ tone, children }: { tone: keyof typeof tones; children: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

/**
 * The pledge's status as a badge, and beside it what the status field alone does not say: 'Closed'
 * once redeemed (closed_date) and 'At bank' when moved to a bank (is_move_to_bank).
 */
export function PledgeStatusBadges({
  pledge,
}: {
  pledge: Pick<PledgeSummary, 'status' | 'closed_date' | 'is_move_to_bank'>;
}) {
  const t = useT(pledgeStatusText);
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={pledge.status}>{pledge.status === 'active' ? t('active') : t('inactive')}</Badge>
      {pledge.closed_date ? <Badge tone="closed">{t('closed')}</Badge> : null}
      {pledge.is_move_to_bank ? <Badge tone="bank">{t('atBank')}</Badge> : null}
    </span>
  );
}
