import { businessToday, type KycRegister, type KycRegisterRow } from '@pledge-desk/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useLoadAll } from '@/shared/print/load-all';
import { PAGE_NUMBER_BOX } from '@/shared/print/page-numbers';
import { PrintToolbar } from '@/shared/print/print-toolbar';
import { usePrintPaper } from '@/shared/print/use-print-paper';
import { RegisterState } from '@/shared/register/register-state';
import { getKycRegister } from '../api/get-kyc-register';
import { KycGapCounts, KycRegisterTable } from '../components/kyc-register-table';
import { LoadAllProgress, PrintHeading } from '../components/print-sheet';
import '../components/register-print.css';
import { registersText } from '../i18n';
import { kycBoth, kycRegisterText } from '../kyc-i18n';
import { kycParameters } from './kyc-register-page';

/**
 * The incomplete-KYC register's print view (/registers/kyc-incomplete/print?search&kind): every customer
 * of the search, loaded page by page, under the company heading with the counts by what is missing, for
 * the branch to chase the papers it still lacks.
 */
export function KycRegisterPrintPage() {
  const t = useT(kycRegisterText);
  const common = useT(registersText);
  const messageText = useMessageText();
  const [address] = useSearchParams();
  const search = (address.get('search') ?? '').trim();
  const kind = address.get('kind') === 'content' ? 'content' : 'full';
  const today = businessToday();
  const [paper, setPaper] = usePrintPaper();
  const [byGap, setByGap] = useState<KycRegister['by_gap'] | null>(null);
  const state = useLoadAll<KycRegisterRow>(search, async (page, pageSize, signal) => {
    const { register, total } = await getKycRegister({ search, page, pageSize }, signal);
    setByGap(register.by_gap);
    return { rows: register.rows, total };
  });
  const keep = search === '' ? '' : `search=${encodeURIComponent(search)}`;

  return (
    <div className="space-y-4 print:space-y-0" data-register-print>
      <style>{`@page { size: ${paper} portrait; margin: 10mm; ${PAGE_NUMBER_BOX} }`}</style>
      <PrintToolbar
        back={{ to: `/registers/kyc-incomplete${keep ? `?${keep}` : ''}`, label: t('backToKyc') }}
        kindLabel={common('printKind')}
        kind={kind}
        paper={paper}
        onPaper={setPaper}
        onPrint={() => window.print()}
        printDisabled={state.status !== 'done' || state.rows.length === 0}
        printing={false}
        keepQuery={keep ? `&${keep}` : ''}
      />
      <div className="rounded-2xl bg-white shadow-sm print:rounded-none print:shadow-none dark:bg-navy-800">
        {kind === 'full' ? (
          <PrintHeading
            title={kycBoth.en('kycTitle')}
            titleTa={kycBoth.ta('kycTitle')}
            parameters={kycParameters(t, search, today)}
          />
        ) : null}
        <LoadAllProgress
          state={state}
          unit={t('unitCustomers')}
          errorText={(error) => messageText(errorMessage(error, t('kycFailed')))}
        >
          {(rows) =>
            rows.length === 0 ? (
              <RegisterState
                kind="empty"
                message={search === '' ? t('kycAllComplete') : t('kycNoMatch', { search })}
              />
            ) : (
              <>
                {byGap ? <KycGapCounts byGap={byGap} /> : null}
                <KycRegisterTable rows={rows} label={t('kycRegister')} />
              </>
            )
          }
        </LoadAllProgress>
      </div>
    </div>
  );
}

export default KycRegisterPrintPage;
