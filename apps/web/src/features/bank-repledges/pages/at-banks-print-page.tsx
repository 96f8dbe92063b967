import {
  type BankRepledge,
  type BankRepledgeRegister,
  businessToday,
  formatIndianDate,
} from '@pledge-desk/domain';
import { useEffect, useState } from 'react';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { type PrintPaper, PrintToolbar } from '@/shared/print/print-toolbar';
import { RegisterHeading } from '@/shared/register/register-frame';
import { RegisterState } from '@/shared/register/register-state';
import { getRegister } from '../api/bank-repledges-api';
import { RegisterTable, RegisterTotals } from '../components/register-table';
import { useRegisterParams } from '../components/use-register-params';
import { bankBoth, bankRepledgeText, STATUS_KEYS } from '../i18n';

const BATCH = 500;

/** The At Banks register's print view (/registers/at-banks/print?status&bank_id): every row and the totals. */
export function AtBanksPrintPage() {
  const t = useT(bankRepledgeText);
  const messageText = useMessageText();
  const params = useRegisterParams();
  const [paper, setPaper] = useState<PrintPaper>('A4');
  const [state, setState] = useState<
    | { status: 'loading' }
    | { status: 'error'; error: unknown }
    | { status: 'done'; rows: BankRepledge[]; register: BankRepledgeRegister }
  >({ status: 'loading' });

  const { status, bankId } = params;
  useEffect(() => {
    const abort = new AbortController();
    setState({ status: 'loading' });
    (async () => {
      const rows: BankRepledge[] = [];
      let first: BankRepledgeRegister | null = null;
      for (let skip = 0; ; skip += BATCH) {
        const page = await getRegister({ status, bankId, skip, limit: BATCH }, abort.signal);
        first ??= page;
        rows.push(...page.rows);
        if (page.rows.length < BATCH || rows.length >= page.total) break;
      }
      if (!abort.signal.aborted) setState({ status: 'done', rows, register: first });
    })().catch((error: unknown) => {
      if (!abort.signal.aborted) setState({ status: 'error', error });
    });
    return () => abort.abort();
  }, [status, bankId]);

  return (
    <div className="space-y-4 print:space-y-0">
      <style>{`@page { size: ${paper} landscape; margin: 10mm; }`}</style>
      <PrintToolbar
        back={{ to: `/registers/at-banks?${params.query}`, label: t('backToAtBanks') }}
        kindLabel={t('printKind')}
        kind="full"
        kinds={['full']}
        paper={paper}
        onPaper={setPaper}
        onPrint={() => window.print()}
        printDisabled={state.status !== 'done'}
        printing={false}
      />
      <div className="rounded-2xl bg-white shadow-sm print:rounded-none print:shadow-none dark:bg-navy-800">
        <RegisterHeading
          title={bankBoth.en('atBanksTitle')}
          tamil={bankBoth.ta('atBanksTitle')}
          parameters={t('printed', {
            status: t(STATUS_KEYS[status]),
            date: formatIndianDate(businessToday()),
          })}
        />
        {state.status === 'loading' ? (
          <RegisterState kind="loading" message={t('loadingRegister')} />
        ) : state.status === 'error' ? (
          <RegisterState kind="error" message={messageText(errorMessage(state.error, t('registerFailed')))} />
        ) : (
          <>
            {state.rows.length === 0 ? (
              <RegisterState kind="empty" message={t('noneAtBank')} />
            ) : (
              <RegisterTable rows={state.rows} showReturn={status !== 'open'} />
            )}
            <div className="border-t border-slate-200 pt-4 dark:border-navy-600">
              <RegisterTotals register={state.register} />
            </div>
          </>
        )}
      </div>
    </div>
  );
}

export default AtBanksPrintPage;
