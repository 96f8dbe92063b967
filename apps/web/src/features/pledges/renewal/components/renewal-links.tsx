import type { PledgeView } from '@pledge-desk/domain';
import { formatIndianDate } from '@pledge-desk/domain';
import { Link } from 'react-router';
import { useRenewalLinks } from '../api/renewal-api';

/**
 * The pledge detail's renewal part (issue 15 item 2): the pledge it was renewed from or into, and
 * 'Renew / Top-up' for an open, payable pledge.
 */
export function RenewalLinks({ pledge }: { pledge: PledgeView }) {
  const links = useRenewalLinks(pledge.pledge_id);
  const renewable = pledge.closed_date === null && pledge.status === 'active' && !pledge.is_move_to_bank;
  const from = links.data?.renewed_from;
  const to = links.data?.renewed_to;
  if (!renewable && !from && !to) return null;
  return (
    <section aria-label="Renewal" className="flex flex-wrap items-center gap-3 text-sm">
      {from ? (
        <span data-testid="renewed-from">
          Renewed from{' '}
          <Link
            className="font-semibold text-brand-600 underline dark:text-brand-300"
            to={`/pledges?view=${from.pledge_id}`}
          >
            {from.pledge_no}
          </Link>{' '}
          on {formatIndianDate(from.renewal_date)}
        </span>
      ) : null}
      {to ? (
        <span data-testid="renewed-to">
          Renewed into{' '}
          <Link
            className="font-semibold text-brand-600 underline dark:text-brand-300"
            to={`/pledges?view=${to.pledge_id}`}
          >
            {to.pledge_no}
          </Link>{' '}
          on {formatIndianDate(to.renewal_date)} (receipt{' '}
          <Link className="underline" to={`/pledge/receipt/${to.receipt_id}`}>
            {to.receipt_no}
          </Link>
          )
        </span>
      ) : null}
      {renewable ? (
        <Link
          to={`/pledge/renew/${pledge.pledge_id}`}
          className="inline-flex items-center rounded-xl border border-brand-500 px-4 py-2 text-sm font-semibold text-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300"
        >
          Renew / Top-up
        </Link>
      ) : null}
    </section>
  );
}
