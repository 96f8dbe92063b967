import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-field';
import { errorMessage } from '../../../components/ui/use-crud-toasts';
import { useSession } from '../../../lib/session';
import { useCompliance } from '../../../shared/api/compliance-settings';
import { ComplianceForm } from '../components/compliance-form';

/** Compliance (/compliance, admins): the branch's regime, licence, limits and RBI numbers (issue 16). */
export function CompliancePage() {
  const { company } = useSession();
  // Read fresh on opening: the banner's cached copy may be minutes old.
  const settings = useCompliance({ staleTime: 0 });

  if (!company) return <FormError message="No company selected. Please select a company." />;
  if (settings.isPending) {
    return (
      <div className="rounded-2xl bg-white p-6 shadow-sm dark:bg-navy-800" aria-busy="true">
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          Loading compliance settings...
        </p>
      </div>
    );
  }
  if (settings.isError) {
    return (
      <div className="space-y-3">
        <FormError message={errorMessage(settings.error, 'Failed to load the compliance settings')} />
        <Button variant="secondary" onClick={() => void settings.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  // Keyed by the branch: another branch's settings start a fresh form.
  return <ComplianceForm key={company.id} view={settings.data} />;
}

export default CompliancePage;
