import { CompanyDetailsPage } from '@/features/company-details/pages/company-details-page';
import { EndOfPledgeSettingsSection } from '@/features/releases/components/end-of-pledge-settings-section';

/** The end-of-pledge settings (the releases feature owns them) beside the cash limit. */
const endOfPledgeSettings = (canEdit: boolean) => <EndOfPledgeSettingsSection canEdit={canEdit} />;

/** /company-details: the company's page with the end-of-pledge settings. */
export function CompanyDetailsRoute() {
  return <CompanyDetailsPage endOfPledgeSettings={endOfPledgeSettings} />;
}
