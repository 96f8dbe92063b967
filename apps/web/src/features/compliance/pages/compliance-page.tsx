import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-field';
import { uiText } from '@/components/ui/i18n';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useSession } from '@/lib/session';
import { useCompliance } from '@/shared/api/compliance-settings';
import { ComplianceForm } from '../components/compliance-form';
import { complianceSettingsText } from '../i18n';

/** Compliance (/compliance, admins): the branch's regime, licence, limits and RBI numbers. */
export function CompliancePage() {
  const t = useT(complianceSettingsText);
  const ui = useT(uiText);
  const messageText = useMessageText();
  const { company } = useSession();
  // Read fresh on opening: the banner's cached copy may be minutes old.
  const settings = useCompliance({ staleTime: 0 });

  if (!company) return <FormError message={t('noCompany')} />;
  if (settings.isPending) {
    return (
      <div className="rounded-2xl bg-white p-6 shadow-sm dark:bg-navy-800" aria-busy="true">
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          {t('loading')}
        </p>
      </div>
    );
  }
  if (settings.isError) {
    return (
      <div className="space-y-3">
        <FormError message={messageText(errorMessage(settings.error, t('loadFailed')))} />
        <Button variant="secondary" onClick={() => void settings.refetch()}>
          {ui('tryAgain')}
        </Button>
      </div>
    );
  }
  // Keyed by the branch: another branch's settings start a fresh form.
  return <ComplianceForm key={company.id} view={settings.data} />;
}

export default CompliancePage;
