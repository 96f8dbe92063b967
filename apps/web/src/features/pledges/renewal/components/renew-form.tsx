import type { PledgeView } from '@pledge-desk/domain';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { AddedArticlesSection } from '@/features/pledges/renewal/components/added-articles-section';
import { NewLoanSection } from '@/features/pledges/renewal/components/new-loan-section';
import { OldArticlesSection } from '@/features/pledges/renewal/components/old-articles-section';
import { RenewalPreviewPanel } from '@/features/pledges/renewal/components/renewal-preview-panel';
import { RenewalSavedSection } from '@/features/pledges/renewal/components/renewal-saved-section';
import { RenewalTermsSection } from '@/features/pledges/renewal/components/renewal-terms-section';
import { WeightApprovalFields } from '@/features/pledges/renewal/components/weight-approval-fields';
import { renewalText } from '@/features/pledges/renewal/i18n';
import { useRenewPreview } from '@/features/pledges/renewal/use-renew-preview';
import { useRenewSave } from '@/features/pledges/renewal/use-renew-save';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';

/** The renewal of one renewable pledge: its sections on the left, the server's preview on the right. */
export function RenewForm({ pledge }: { pledge: PledgeView }) {
  const t = useT(renewalText);
  const messageText = useMessageText();
  const form = useRenewPreview(pledge);
  const save = useRenewSave(form);
  const { body, current, preview, increases } = form;
  const { errors, generalErrors, saveFailure, previewFailure } = save;

  if (save.saved) return <RenewalSavedSection saved={save.saved} />;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="space-y-6">
        <RenewalTermsSection form={form} errors={errors} />
        <OldArticlesSection form={form} errors={errors} />
        <AddedArticlesSection form={form} rowErrors={save.addErrors} />
        <NewLoanSection form={form} save={save} />

        {increases.length > 0 ? (
          <WeightApprovalFields
            isAdmin={save.admin}
            value={save.approval}
            errors={save.weightApprovalErrors}
            onChange={save.changeApproval}
          />
        ) : null}

        {generalErrors.length > 0 || saveFailure || previewFailure ? (
          <p
            role="alert"
            className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
          >
            {[...generalErrors, saveFailure ?? previewFailure]
              .filter((m): m is string => Boolean(m))
              .map((m) => messageText(m))
              .join(' ')}
          </p>
        ) : null}

        <div className="flex flex-wrap gap-3">
          <Button
            onClick={save.onSave}
            disabled={current === null || save.isSaving || save.drawerPayout.blocked}
          >
            {save.isSaving ? t('saving') : t('saveRenewal')}
          </Button>
          <Link
            to="/pledges"
            className="inline-flex items-center rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-navy-700 hover:bg-slate-50 dark:border-navy-500 dark:bg-navy-800 dark:text-white dark:hover:bg-navy-700"
          >
            {t('cancel')}
          </Link>
        </div>
      </div>
      <RenewalPreviewPanel
        preview={preview.data ?? null}
        loading={body !== null && current === null && !preview.isError}
        stale={current === null}
        hasBody={body !== null}
      />
    </div>
  );
}
