import { businessToday, formatIndianDate } from '@pledge-desk/domain';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { uiText } from '@/components/ui/i18n';
import { Icon } from '@/components/ui/icons';
import { StatusBadge } from '@/components/ui/status-badge';
import { errorMessage, useCrudToasts } from '@/components/ui/use-crud-toasts';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { hasPermission, permissions } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { useCompany } from '../api/get-company';
import { CashSettingsSection } from '../components/cash-settings-section';
import { CompanyEditForm } from '../components/company-edit-form';
import { CompanyLogo, logoSource } from '../components/company-logo';
import { LanguageSection } from '../components/language-section';
import { companyDetailsText } from '../i18n';

const card = 'rounded-2xl bg-white p-6 shadow-sm dark:bg-navy-800';

function Banner({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex items-center gap-2 rounded-2xl bg-red-50 p-5 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
    >
      <Icon name="alert" className="size-5 shrink-0" />
      {children}
    </div>
  );
}

function Skeleton() {
  const t = useT(companyDetailsText);
  return (
    <div className={card} aria-busy="true">
      <span className="sr-only" role="status">
        {t('loading')}
      </span>
      <div className="flex items-center gap-4">
        <div className="size-24 animate-pulse rounded-2xl bg-slate-200 dark:bg-navy-600" />
        <div className="space-y-2">
          <div className="h-6 w-56 animate-pulse rounded bg-slate-200 dark:bg-navy-600" />
          <div className="h-4 w-32 animate-pulse rounded bg-slate-200 dark:bg-navy-600" />
        </div>
      </div>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        {['a', 'b', 'c', 'd', 'e', 'f'].map((k) => (
          <div key={k} className="h-10 animate-pulse rounded bg-slate-100 dark:bg-navy-700" />
        ))}
      </div>
    </div>
  );
}

function Detail({ label, value, wide = false }: { label: string; value: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : ''}>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
        {label}
      </dt>
      <dd className="mt-1 text-sm text-navy-700 dark:text-white">{value || '—'}</dd>
    </div>
  );
}

function createdOn(instant: string | null | undefined): string {
  if (!instant) return '—';
  const at = new Date(instant);
  return Number.isNaN(at.getTime()) ? '—' : formatIndianDate(businessToday(undefined, at));
}

/** Company Details (/company-details): every signed-in user reads it; admins edit it. */
export function CompanyDetailsPage({
  endOfPledgeSettings,
}: {
  /** The end-of-pledge settings beside the cash limit (the releases feature owns them), composed by the app. */
  endOfPledgeSettings?: (canEdit: boolean) => ReactNode;
} = {}) {
  const t = useT(companyDetailsText);
  const ui = useT(uiText);
  const messageText = useMessageText();
  const { user, company: selected } = useSession();
  const toasts = useCrudToasts();
  const canEdit = hasPermission(user, permissions.companiesManage);
  const query = useCompany(selected?.id ?? null);
  const [isEditing, setIsEditing] = useState(false);

  if (!selected) return <Banner>{t('noCompany')}</Banner>;
  if (query.isPending) return <Skeleton />;
  if (query.isError) {
    return (
      <div className="space-y-3">
        <Banner>{messageText(errorMessage(query.error, t('fetchFailed')))}</Banner>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {ui('tryAgain')}
        </Button>
      </div>
    );
  }
  const company = query.data;

  const startEdit = () => {
    if (!canEdit) {
      toasts.failure(null, t('editDenied'), t('accessDenied'));
      return;
    }
    setIsEditing(true);
  };

  return (
    <div className="space-y-5">
      <section aria-labelledby="company-details-title" className={card}>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex items-center gap-4">
            {isEditing ? null : <CompanyLogo src={logoSource(company.logo)} name={company.company_name} />}
            <div>
              <h2 id="company-details-title" className="text-2xl font-bold text-navy-700 dark:text-white">
                {isEditing ? t('editTitle') : company.company_name}
              </h2>
              {isEditing ? null : (
                <div className="mt-1">
                  <StatusBadge active={company.status} />
                </div>
              )}
            </div>
          </div>
          {isEditing ? null : canEdit ? (
            <Button onClick={startEdit}>{t('editDetails')}</Button>
          ) : (
            <p className="rounded-xl bg-slate-100 px-3 py-2 text-sm text-slate-600 dark:bg-navy-700 dark:text-slate-300">
              {t('viewOnly')}
            </p>
          )}
        </div>

        <div className="mt-6">
          {isEditing ? (
            <CompanyEditForm
              company={company}
              canEdit={canEdit}
              onSaved={() => setIsEditing(false)}
              onCancel={() => setIsEditing(false)}
            />
          ) : (
            <dl className="grid gap-5 sm:grid-cols-2">
              <Detail label={t('companyName')} value={company.company_name} />
              <Detail label={t('licenceNumber')} value={company.licence_no} />
              <Detail label={t('address')} value={company.address} wide />
              <Detail label={t('city')} value={company.city} />
              <Detail label={t('state')} value={company.state} />
              <Detail label={t('phone')} value={company.phone} />
              <Detail label={t('created')} value={createdOn(company.created_at)} />
            </dl>
          )}
        </div>
      </section>
      {isEditing ? null : <CashSettingsSection canEdit={canEdit} />}
      {isEditing ? null : endOfPledgeSettings?.(canEdit)}
      {isEditing ? null : <LanguageSection company={company} canEdit={canEdit} />}
    </div>
  );
}
