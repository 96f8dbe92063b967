import type { PledgeSaved } from '@pledge-desk/domain';
import { formatRupees, rupeesToPaise } from '@pledge-desk/domain';
import { useNavigate } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';

/**
 * After a pledge is created (issue 12 item 6): its number, with the two prints of the pawn ticket.
 * The print screen is /pledge/print/{id}?kind=full or ?kind=content.
 */
export function SavedPledgeDialog({ pledge, onClose }: { pledge: PledgeSaved; onClose: () => void }) {
  const navigate = useNavigate();
  const print = (kind: 'full' | 'content') => navigate(`/pledge/print/${pledge.pledge_id}?kind=${kind}`);
  return (
    <Modal
      open
      title="Pledge Created"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button variant="secondary" onClick={() => print('content')}>
            Content Only
          </Button>
          <Button onClick={() => print('full')}>Full Print</Button>
        </>
      }
    >
      <div className="space-y-2 text-sm text-navy-700 dark:text-white">
        <p>
          Pledge number{' '}
          <strong className="text-lg" data-testid="saved-pledge-no">
            {pledge.pledge_no}
          </strong>
        </p>
        <p className="text-slate-600 dark:text-slate-300">
          {pledge.customer_name} · loan {formatRupees(rupeesToPaise(pledge.total_loan_amount))} · cash handed
          over {formatRupees(rupeesToPaise(pledge.final_amount))}
        </p>
      </div>
    </Modal>
  );
}
