import type { PledgeView } from '@pledge-desk/domain';
import { RecordHistory } from '@/features/audit/components/record-history';
import { PledgeBankSection } from '@/features/bank-repledges/components/pledge-bank-section';
import { PledgeListPage } from '@/features/pledges/list/pages/pledge-list-page';
import { PledgeEndSection } from '@/features/releases/components/pledge-end-section';

/** The parts of a pledge's View modal that other features own: at the bank, its end, its audit trail. */
const pledgeDetailSections = (pledge: PledgeView) => (
  <>
    <PledgeBankSection pledge={pledge} />
    <PledgeEndSection pledgeId={pledge.pledge_id} />
    <RecordHistory entity="pledge" entityId={pledge.pledge_id} />
  </>
);

/** /pledge/list and /pledges: the pledges feature's list, its View modal with those parts. */
export function PledgeListRoute() {
  return <PledgeListPage detailSections={pledgeDetailSections} />;
}
