import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Icon } from '@/components/ui/icons';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { Spinner } from '@/components/ui/spinner';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { useT } from '@/lib/i18n/language';
import { hasPermission, permissions } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { useSignOut } from '@/lib/use-sign-out';
import { useCompanies } from '../api/get-companies';
import { CompanyCard } from '../components/company-card';
import { NewCompanyDialog } from '../components/new-company-dialog';
import { companiesText } from '../i18n';

export function SelectCompanyPage() {
  const { user, selectCompany } = useSession();
  const signOut = useSignOut();
  const companies = useCompanies();
  const t = useT(companiesText);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [isCreating, setIsCreating] = useState(false);
  const canCreate = hasPermission(user, permissions.companiesManage);

  const list = companies.data ?? [];
  // A single company is preselected (spec §2); a click always wins.
  const selectedId = chosenId ?? (list.length === 1 ? list[0]!.id : null);
  const selected = list.find((c) => c.id === selectedId) ?? null;

  const logoutButton = (
    <Button variant="secondary" onClick={signOut}>
      <Icon name="logout" className="size-4" />
      {t('logout')}
    </Button>
  );
  const newCompanyButton = canCreate ? (
    <Button variant="secondary" onClick={() => setIsCreating(true)}>
      <Icon name="plus" className="size-4" />
      {t('newCompany')}
    </Button>
  ) : null;

  let body: ReactNode;
  if (companies.isPending) {
    body = <Spinner label={t('loading')} />;
  } else if (companies.isError) {
    body = (
      <div className="space-y-4 py-6 text-center">
        <p
          role="alert"
          className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
        >
          {t('loadFailed')}
        </p>
        <div className="flex justify-center gap-3">
          <Button onClick={() => void companies.refetch()}>{t('tryAgain')}</Button>
          {logoutButton}
        </div>
      </div>
    );
  } else if (list.length === 0) {
    body = (
      <EmptyState title={t('noCompanies')} icon="building">
        {newCompanyButton}
        {logoutButton}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul className="space-y-3" aria-label={t('companies')}>
          {list.map((company) => (
            <li key={company.id}>
              <CompanyCard
                company={company}
                isSelected={company.id === selectedId}
                onSelect={() => setChosenId(company.id)}
              />
            </li>
          ))}
        </ul>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex gap-3">
            {logoutButton}
            {newCompanyButton}
          </div>
          <Button disabled={!selected} onClick={() => selected && selectCompany(selected)}>
            {t('continue')}
          </Button>
        </div>
      </>
    );
  }

  return (
    <div className="flex min-h-screen items-start justify-center px-4 py-10 sm:items-center">
      <div className="absolute top-4 right-4 flex items-center gap-2">
        <LanguageSwitch />
        <ThemeToggle />
      </div>
      <main className="w-full max-w-2xl rounded-3xl bg-white p-6 shadow-sm sm:p-8 dark:bg-navy-800">
        <p className="text-sm font-semibold text-brand-500 dark:text-brand-300">Pledge Desk</p>
        <h1 className="mt-1 text-2xl font-bold text-navy-700 dark:text-white">{t('title')}</h1>
        <p className="mt-1 mb-6 text-sm text-slate-500 dark:text-slate-400">
          {user ? `${t('signedInAs', { username: user.username })} ` : ''}
          {t('chooseBranch')}
        </p>
        {body}
      </main>
      {canCreate ? (
        <NewCompanyDialog
          open={isCreating}
          onClose={() => setIsCreating(false)}
          onCreated={(company) => setChosenId(company.id)}
        />
      ) : null}
    </div>
  );
}

export default SelectCompanyPage;
