import { PledgeForm } from '../components/pledge-form';

/** /pledge/create (pledges-and-payments §2.1). */
export function CreatePledgePage() {
  return <PledgeForm />;
}
