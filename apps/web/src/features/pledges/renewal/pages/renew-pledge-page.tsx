import { formatIndianDate, type PledgeView } from '@pledge-desk/domain';
import { useRef } from 'react';
import { useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { usePledge } from '@/features/pledges/api/pledge-queries';
import { RenewForm } from '@/features/pledges/renewal/components/renew-form';
import { renewalText } from '@/features/pledges/renewal/i18n';
import { ApiError } from '@/lib/api-client';
import { formatRupeeAmount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { idFrom } from '@/lib/ids';

/** The page's messages in English (the tests find them by these); shown through `renewalText`. */
export const RENEW_TEXTS = {
  notFound: renewalText.en.notFound,
  failed: renewalText.en.failed,
  notRenewable: renewalText.en.notRenewable,
  saveFailed: renewalText.en.saveFailed,
} as const;

const isRenewable = (p: PledgeView) => p.closed_date === null && p.status === 'active' && !p.is_move_to_bank;

/** /pledge/renew/{pledgeId}: renew a pledge, with a top-up or the customer adding cash. */
export function RenewPledgePage() {
  const t = useT(renewalText);
  const { pledgeId: param } = useParams();
  const pledgeId = idFrom(param);
  const pledge = usePledge(pledgeId);
  // The pledge as the form opened on it: once saved, the old pledge reads closed, and the form stays
  // to show what was saved.
  const opened = useRef<PledgeView | null>(null);
  if (!opened.current && pledge.data && isRenewable(pledge.data)) opened.current = pledge.data;
  const shown = opened.current ?? pledge.data;
  let content: React.ReactNode;
  if (pledgeId === null) content = <p role="alert">{t('notFound')}</p>;
  else if (opened.current) content = <RenewForm key={opened.current.pledge_id} pledge={opened.current} />;
  else if (pledge.isPending) content = <Spinner label={t('loadingPledge')} className="py-24" />;
  else if (pledge.isError)
    content = (
      <p
        role="alert"
        className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
      >
        {pledge.error instanceof ApiError && pledge.error.status === 404 ? t('notFound') : t('failed')}
      </p>
    );
  else
    content = (
      <p
        role="alert"
        className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
      >
        {t('notRenewable')}
      </p>
    );
  return (
    <div className="space-y-4">
      {shown ? (
        <p className="text-sm font-semibold text-navy-700 dark:text-white" data-testid="renew-pledge-no">
          {t('pledgeLine', {
            pledge: shown.pledge_no,
            customer: shown.customer_name,
            date: formatIndianDate(shown.pledge_date),
            loan: formatRupeeAmount(shown.total_loan_amount),
          })}
        </p>
      ) : null}
      {content}
    </div>
  );
}
