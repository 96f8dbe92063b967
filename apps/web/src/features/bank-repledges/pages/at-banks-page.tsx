import { businessToday } from '@pledge-desk/domain';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/form-field';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useBankOptions } from '@/shared/api/bank-options';
import { downloadCsv } from '@/shared/api/download-csv';
import { RegisterFrame } from '@/shared/register/register-frame';
import { RegisterState } from '@/shared/register/register-state';
import { registerParams, useBankRegister } from '../api/bank-repledges-api';
import { RegisterTable, RegisterTotals } from '../components/register-table';
import { useRegisterParams } from '../components/use-register-params';
import { bankBoth, bankRepledgeText, STATUS_KEYS } from '../i18n';

const PAGE_SIZE = 100;

/** At Banks (/registers/at-banks): what is at which bank, with totals per bank. */
export function AtBanksPage() {
  const t = useT(bankRepledgeText);
  const messageText = useMessageText();
  const params = useRegisterParams();
  const bankOptions = useBankOptions();
  const [paging, setPaging] = useState({ key: params.query, skip: 0 });
  const skip = paging.key === params.query ? paging.skip : 0;
  const register = useBankRegister({ status: params.status, bankId: params.bankId, skip, limit: PAGE_SIZE });

  let body: React.ReactNode;
  if (register.isPending) body = <RegisterState kind="loading" message={t('loadingRegister')} />;
  else if (register.isError)
    body = (
      <RegisterState kind="error" message={messageText(errorMessage(register.error, t('registerFailed')))} />
    );
  else if (register.data.total === 0)
    body = (
      <RegisterState
        kind="empty"
        message={params.status === 'returned' ? t('noneReturned') : t('noneAtBank')}
      />
    );
  else {
    const r = register.data;
    body = (
      <>
        <RegisterTable rows={r.rows} showReturn={params.status !== 'open'} />
        {r.total > PAGE_SIZE ? (
          <nav
            aria-label={t('registerPages')}
            className="flex items-center justify-between gap-3 px-5 py-3 text-sm"
          >
            <span>
              {t('showing', {
                first: String(skip + 1),
                last: String(Math.min(skip + PAGE_SIZE, r.total)),
                total: String(r.total),
              })}
            </span>
            <span className="flex gap-2">
              <Button
                variant="secondary"
                disabled={skip === 0 || register.isFetching}
                onClick={() => setPaging({ key: params.query, skip: Math.max(0, skip - PAGE_SIZE) })}
              >
                {t('previous')}
              </Button>
              <Button
                variant="secondary"
                disabled={skip + PAGE_SIZE >= r.total || register.isFetching}
                onClick={() => setPaging({ key: params.query, skip: skip + PAGE_SIZE })}
              >
                {t('next')}
              </Button>
            </span>
          </nav>
        ) : null}
        <div className="border-t border-slate-200 pt-4 dark:border-navy-600">
          <RegisterTotals register={r} />
        </div>
      </>
    );
  }

  return (
    <RegisterFrame
      title={bankBoth.en('atBanksTitle')}
      tamil={bankBoth.ta('atBanksTitle')}
      parameters={t(STATUS_KEYS[params.status])}
      printTo={`/registers/at-banks/print?${params.query}`}
      canExport={register.isSuccess}
      onDownload={() =>
        downloadCsv(
          '/bank-repledges',
          Object.fromEntries(Object.entries(registerParams(params)).map(([k, v]) => [k, String(v)])),
          `at-banks-${params.status}-${businessToday()}.csv`,
        )
      }
      controls={
        <>
          <SelectField
            label={t('show')}
            className="min-w-48"
            value={params.status}
            onChange={(e) =>
              params.set({
                status: e.target.value === 'returned' || e.target.value === 'all' ? e.target.value : 'open',
              })
            }
          >
            {(['open', 'returned', 'all'] as const).map((s) => (
              <option key={s} value={s}>
                {t(STATUS_KEYS[s])}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('bank')}
            className="w-72"
            value={params.bankId === null ? '' : String(params.bankId)}
            onChange={(e) => params.set({ bankId: e.target.value === '' ? null : Number(e.target.value) })}
          >
            <option value="">{bankOptions.isPending ? t('loadingBanks') : t('allBanks')}</option>
            {(bankOptions.data ?? []).map((b) => (
              <option key={b.id} value={b.id}>
                {`${b.bank_name} — ${b.account_number}${b.status ? '' : t('inactive')}`}
              </option>
            ))}
          </SelectField>
        </>
      }
    >
      {body}
    </RegisterFrame>
  );
}

export default AtBanksPage;
