import { businessToday, formatIndianDate, REGISTER_DEFAULT_PAGE_SIZE } from '@pledge-desk/domain';
import { useState } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { errorMessage } from '../../../components/ui/use-crud-toasts';
import { downloadCsv } from '../../../shared/api/download-csv';
import { RegisterFrame } from '../../../shared/register/register-frame';
import { RegisterState } from '../../../shared/register/register-state';
import { useVaultRegister } from '../api/get-vault-register';
import { RegisterPager } from '../components/register-pager';
import { useDateParams } from '../components/use-date-params';
import { VaultTable, VaultTotals } from '../components/vault-table';

/** Vault Register (/registers/vault): every article held at the end of a day, for the physical check. */
export function VaultRegisterPage() {
  const dates = useDateParams(['as_of'] as const);
  const asOf = dates.values.as_of ?? businessToday();
  const [paging, setPaging] = useState({ asOf, page: 1 });
  const page = paging.asOf === asOf ? paging.page : 1;
  const vault = useVaultRegister({ asOf, page, pageSize: REGISTER_DEFAULT_PAGE_SIZE }, asOf !== '');

  let body: React.ReactNode;
  if (asOf === '') body = <RegisterState kind="empty" message="Choose a date." />;
  else if (vault.isPending) body = <RegisterState kind="loading" message="Loading the vault register..." />;
  else if (vault.isError)
    body = (
      <RegisterState kind="error" message={errorMessage(vault.error, 'Failed to load the vault register.')} />
    );
  else if (vault.data.total === 0)
    body = <RegisterState kind="empty" message="No articles in the vault on this day." />;
  else {
    const { vault: v, total } = vault.data;
    body = (
      <>
        <VaultTable rows={v.rows} label="Vault register" />
        <RegisterPager
          label="Vault register"
          page={page}
          pageSize={REGISTER_DEFAULT_PAGE_SIZE}
          total={total}
          unit="articles"
          isFetching={vault.isFetching}
          onPage={(next) => setPaging({ asOf, page: next })}
        />
        <div className="border-t border-slate-200 pt-4 dark:border-navy-600">
          <VaultTotals totals={v.totals} />
        </div>
      </>
    );
  }

  return (
    <RegisterFrame
      title="Vault Register"
      tamil="பெட்டக பதிவேடு"
      parameters={asOf ? `Articles held at the end of ${formatIndianDate(asOf)}` : ''}
      printTo={`/registers/vault/print?as_of=${asOf}`}
      canExport={vault.isSuccess && asOf !== ''}
      onDownload={() => downloadCsv('/registers/vault', { as_of: asOf }, `vault-${asOf}.csv`)}
      controls={
        <DateField
          label="As of"
          value={asOf}
          onChange={(e) => dates.set('as_of', e.target.value)}
          className="w-44"
        />
      }
    >
      {body}
    </RegisterFrame>
  );
}

export default VaultRegisterPage;
