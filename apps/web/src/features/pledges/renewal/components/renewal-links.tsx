import type { PledgeView } from '@pledge-desk/domain';
import { formatIndianDate } from '@pledge-desk/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '@/lib/i18n/language';
import { useRenewalLinks } from '../api/renewal-api';
import { renewalText } from '../i18n';

/**
 * The pledge detail's renewal part: the pledge it was renewed from or into, and
 * 'Renew / Top-up' for an open, payable pledge.
 */
export function RenewalLinks({ pledge }: { pledge: PledgeView }) {
  const t = useT(renewalText);
  const links = useRenewalLinks(pledge.pledge_id);
  const renewable = pledge.closed_date === null && pledge.status === 'active' && !pledge.is_move_to_bank;
  const from = links.data?.renewed_from;
  const to = links.data?.renewed_to;
  if (!renewable && !from && !to) return null;
  return (
    <section aria-label={t('renewal')} className="flex flex-wrap items-center gap-3 text-sm">
      {from ? (
        <span data-testid="renewed-from">
          {t.rich('renewedFrom', {
            pledge: from.pledge_no,
            date: formatIndianDate(from.renewal_date),
            link: (chunks: ReactNode[]) => (
              <Link
                key="from"
                className="font-semibold text-brand-600 underline dark:text-brand-300"
                to={`/pledges?view=${from.pledge_id}`}
              >
                {chunks}
              </Link>
            ),
          })}
        </span>
      ) : null}
      {to ? (
        <span data-testid="renewed-to">
          {t.rich('renewedInto', {
            pledge: to.pledge_no,
            date: formatIndianDate(to.renewal_date),
            receiptNo: to.receipt_no,
            link: (chunks: ReactNode[]) => (
              <Link
                key="to"
                className="font-semibold text-brand-600 underline dark:text-brand-300"
                to={`/pledges?view=${to.pledge_id}`}
              >
                {chunks}
              </Link>
            ),
            receipt: (chunks: ReactNode[]) => (
              <Link key="receipt" className="underline" to={`/pledge/receipt/${to.receipt_id}`}>
                {chunks}
              </Link>
            ),
          })}
        </span>
      ) : null}
      {renewable ? (
        <Link
          to={`/pledge/renew/${pledge.pledge_id}`}
          className="inline-flex items-center rounded-xl border border-brand-500 px-4 py-2 text-sm font-semibold text-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300"
        >
          {t('renewTopUp')}
        </Link>
      ) : null}
    </section>
  );
}
