import { formatIndianDate } from '@pledge-desk/domain';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { usePledgeHistory } from '../api/releases-api';
import { pledgeEndText } from '../i18n';

const linkButton =
  'inline-flex items-center justify-center gap-2 rounded-xl px-4 py-2.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

/**
 * The pledge detail's end of the story: the Release action for a closed pledge whose
 * articles are still in the vault, the release slip once released, and the pledge's History.
 */
export function PledgeEndSection({ pledgeId }: { pledgeId: number }) {
  const t = useT(pledgeEndText);
  const messageText = useMessageText();
  const history = usePledgeHistory(pledgeId);
  return (
    <section className="space-y-3" aria-labelledby={`pledge-history-${pledgeId}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`pledge-history-${pledgeId}`} className="text-sm font-bold text-navy-700 dark:text-white">
          {t('history')}
        </h3>
        <div className="flex flex-wrap gap-2">
          {history.data?.releasable ? (
            <Link
              to={`/pledge/release/${pledgeId}`}
              className={`${linkButton} bg-emerald-600 text-white hover:bg-emerald-700`}
            >
              {t('releaseArticles')}
            </Link>
          ) : null}
          {history.data?.has_release ? (
            <Link
              to={`/pledge/release-slip/${pledgeId}`}
              className={`${linkButton} border border-slate-300 bg-white text-navy-700 hover:bg-slate-50 dark:border-navy-500 dark:bg-navy-800 dark:text-white`}
            >
              {t('releaseSlip')}
            </Link>
          ) : null}
        </div>
      </div>
      {history.data?.closed_date && !history.data.released_on ? (
        <p className="rounded-xl bg-amber-50 px-4 py-2 text-sm text-amber-800 dark:bg-amber-950/40 dark:text-amber-200">
          {history.data.is_move_to_bank
            ? t('closedAtBank')
            : t('closedInVault', { date: formatIndianDate(history.data.closed_date) })}
        </p>
      ) : null}
      {history.isPending ? (
        <Spinner label={t('loading')} className="py-4" />
      ) : history.isError ? (
        <p
          role="alert"
          className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
        >
          {t('failed')}
        </p>
      ) : history.data.events.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('noEvents')}</p>
      ) : (
        <ol
          className="space-y-2 border-l-2 border-slate-200 pl-4 dark:border-navy-600"
          data-testid="pledge-history"
        >
          {history.data.events.map((e) => (
            // The sentence carries its amount (the server writes it in), so the line shows it once; the
            // parts are joined by real spaces, not margins, so the line reads and copies as one.
            <li key={`${e.kind}-${e.date}-${e.at ?? ''}-${e.reference ?? ''}-${e.text}`} className="text-sm">
              <span className="font-semibold text-navy-700 dark:text-white">{formatIndianDate(e.date)}</span>{' '}
              <span
                className={
                  e.reversed
                    ? 'text-slate-500 dark:text-slate-400 line-through'
                    : 'text-navy-700 dark:text-slate-100'
                }
              >
                {messageText(e.text)}
              </span>
              {e.user ? (
                <>
                  {' '}
                  <span className="text-xs text-slate-500 dark:text-slate-400">· {e.user}</span>
                </>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
