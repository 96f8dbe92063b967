import type { PledgeSaved } from '@pledge-desk/domain';
import { formatRupees, rupeesToPaise } from '@pledge-desk/domain';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useT } from '@/lib/i18n/language';
import { savedPledgeText } from '../i18n';

/**
 * After a pledge is created: its number, with the two prints of the pawn ticket.
 * The print screen is /pledge/print/{id}?kind=full or ?kind=content.
 */
export function SavedPledgeDialog({ pledge, onClose }: { pledge: PledgeSaved; onClose: () => void }) {
  const t = useT(savedPledgeText);
  const navigate = useNavigate();
  const print = (kind: 'full' | 'content') => navigate(`/pledge/print/${pledge.pledge_id}?kind=${kind}`);
  return (
    <Modal
      open
      title={t('title')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('close')}
          </Button>
          <Button variant="secondary" onClick={() => print('content')}>
            {t('contentOnly')}
          </Button>
          <Button onClick={() => print('full')}>{t('fullPrint')}</Button>
        </>
      }
    >
      <div className="space-y-2 text-sm text-navy-700 dark:text-white">
        <p>
          {t('pledgeNumber')}{' '}
          <strong className="text-lg" data-testid="saved-pledge-no">
            {pledge.pledge_no}
          </strong>
        </p>
        <p className="text-slate-600 dark:text-slate-300">
          {t('figures', {
            customer: pledge.customer_name,
            loan: formatRupees(rupeesToPaise(pledge.total_loan_amount)),
            cash: formatRupees(rupeesToPaise(pledge.final_amount)),
          })}
        </p>
      </div>
    </Modal>
  );
}
