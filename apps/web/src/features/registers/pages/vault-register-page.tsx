import { businessToday, formatIndianDate, REGISTER_DEFAULT_PAGE_SIZE } from '@pledge-desk/domain';
import { useState } from 'react';
import { DateField } from '@/components/ui/date-field';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { downloadCsv } from '@/shared/api/download-csv';
import { RegisterFrame } from '@/shared/register/register-frame';
import { RegisterState } from '@/shared/register/register-state';
import { useVaultRegister } from '../api/get-vault-register';
import { RegisterPager } from '../components/register-pager';
import { useDateParams } from '../components/use-date-params';
import { VaultTable, VaultTotals } from '../components/vault-table';
import { registerBoth, registersText } from '../i18n';

/** Vault Register (/registers/vault): every article held at the end of a day, for the physical check. */
export function VaultRegisterPage() {
  const t = useT(registersText);
  const messageText = useMessageText();
  const dates = useDateParams(['as_of'] as const);
  const asOf = dates.values.as_of ?? businessToday();
  const [paging, setPaging] = useState({ asOf, page: 1 });
  const page = paging.asOf === asOf ? paging.page : 1;
  const vault = useVaultRegister({ asOf, page, pageSize: REGISTER_DEFAULT_PAGE_SIZE }, asOf !== '');

  let body: React.ReactNode;
  if (asOf === '') body = <RegisterState kind="empty" message={t('chooseDate')} />;
  else if (vault.isPending) body = <RegisterState kind="loading" message={t('loadingVault')} />;
  else if (vault.isError)
    body = <RegisterState kind="error" message={messageText(errorMessage(vault.error, t('vaultFailed')))} />;
  else if (vault.data.total === 0) body = <RegisterState kind="empty" message={t('noArticles')} />;
  else {
    const { vault: v, total } = vault.data;
    body = (
      <>
        <VaultTable rows={v.rows} label={t('vaultRegister')} />
        <RegisterPager
          label={t('vaultRegister')}
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
      title={registerBoth.en('vaultTitle')}
      tamil={registerBoth.ta('vaultTitle')}
      parameters={asOf ? t('heldAtEndOf', { date: formatIndianDate(asOf) }) : ''}
      printTo={`/registers/vault/print?as_of=${asOf}`}
      canExport={vault.isSuccess && asOf !== ''}
      onDownload={() => downloadCsv('/registers/vault', { as_of: asOf }, `vault-${asOf}.csv`)}
      controls={
        <DateField
          label={t('asOf')}
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
