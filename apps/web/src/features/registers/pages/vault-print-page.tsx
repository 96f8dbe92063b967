import {
  businessToday,
  formatIndianDate,
  isPlainDate,
  type VaultRegister,
  type VaultRow,
} from '@pledge-desk/domain';
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
import { getVaultRegister } from '../api/get-vault-register';
import { LoadAllProgress, PrintHeading } from '../components/print-sheet';
import { VaultTable, VaultTotals } from '../components/vault-table';
import '../components/register-print.css';
import { registerBoth, registersText } from '../i18n';

/**
 * The vault register's print view (/registers/vault/print?as_of&kind): every article held at the end
 * of the day, the totals by jewel type, and the lines the physical check is signed on.
 */
export function VaultPrintPage() {
  const t = useT(registersText);
  const messageText = useMessageText();
  const [search] = useSearchParams();
  const asOf = isPlainDate(search.get('as_of')) ? String(search.get('as_of')) : businessToday();
  const kind = search.get('kind') === 'content' ? 'content' : 'full';
  const [paper, setPaper] = usePrintPaper();
  const [totals, setTotals] = useState<VaultRegister['totals'] | null>(null);
  const state = useLoadAll<VaultRow>(asOf, async (page, pageSize, signal) => {
    const { vault, total } = await getVaultRegister({ asOf, page, pageSize }, signal);
    setTotals(vault.totals);
    return { rows: vault.rows, total };
  });

  return (
    <div className="space-y-4 print:space-y-0" data-register-print>
      <style>{`@page { size: ${paper} portrait; margin: 10mm; ${PAGE_NUMBER_BOX} }`}</style>
      <PrintToolbar
        back={{ to: `/registers/vault?as_of=${asOf}`, label: t('backToVault') }}
        kindLabel={t('printKind')}
        kind={kind}
        paper={paper}
        onPaper={setPaper}
        onPrint={() => window.print()}
        printDisabled={state.status !== 'done'}
        printing={false}
        keepQuery={`&as_of=${asOf}`}
      />
      <div className="rounded-2xl bg-white shadow-sm print:rounded-none print:shadow-none dark:bg-navy-800">
        {kind === 'full' ? (
          <PrintHeading
            title={registerBoth.en('vaultTitle')}
            titleTa={registerBoth.ta('vaultTitle')}
            parameters={t('heldAtEndOf', { date: formatIndianDate(asOf) })}
          />
        ) : null}
        <LoadAllProgress
          state={state}
          unit={t('unitArticles')}
          errorText={(error) => messageText(errorMessage(error, t('vaultFailed')))}
        >
          {(rows) => (
            <>
              {rows.length === 0 ? (
                <RegisterState kind="empty" message={t('noArticles')} />
              ) : (
                <VaultTable rows={rows} label={t('vaultRegister')} />
              )}
              {totals ? (
                <div className="border-t border-slate-200 pt-4 dark:border-navy-600">
                  <VaultTotals totals={totals} />
                </div>
              ) : null}
              <div className="grid grid-cols-3 gap-8 px-5 pt-12 pb-6 text-sm text-navy-700 dark:text-slate-100">
                {[
                  ['Checked by', 'சரிபார்த்தவர்'],
                  ['Date', 'தேதி'],
                  ['Signature', 'கையொப்பம்'],
                ].map(([en, ta]) => (
                  <p key={en} className="border-t border-slate-500 pt-1">
                    {en} <span lang="ta">/ {ta}</span>
                  </p>
                ))}
              </div>
            </>
          )}
        </LoadAllProgress>
      </div>
    </div>
  );
}

export default VaultPrintPage;
