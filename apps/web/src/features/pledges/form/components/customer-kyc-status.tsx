import type { KycGap } from '@pledge-desk/domain';
import { formatRupeeAmount } from '@/lib/format';
import { useT } from '@/lib/i18n/language';
import { pledgeKycText } from '../i18n';
import type { PledgeKyc } from '../use-pledge-kyc';

const GAP_KEYS = {
  id_document: 'gapIdDocument',
  photo: 'gapPhoto',
  pan_or_form60: 'gapPanOrForm60',
  id_proof_review: 'gapIdProofReview',
} as const satisfies Record<KycGap, keyof typeof pledgeKycText.en>;

const notice = 'mt-2 rounded-lg border px-3 py-2 text-sm font-medium';
const warning = `${notice} border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100`;
const refusal = `${notice} border-red-300 bg-red-50 text-red-800 dark:border-red-700 dark:bg-red-950/60 dark:text-red-100`;

/**
 * The new pledge's customer's KYC beside the customer (issue 33): complete, or which pieces are
 * missing; a PAN or Form 60 this loan needs; and whether the branch refuses the pledge (Save goes off)
 * or only warns. `blockId` names the refusal, for the Save button to point at.
 */
export function CustomerKycStatus({ kyc, blockId }: { kyc: PledgeKyc; blockId: string }) {
  const t = useT(pledgeKycText);
  const { query, kyc: answer, blocked, panMissing, isRefreshing } = kyc;
  if (!answer) {
    if (query.isError) {
      return (
        <p className="mt-2 text-sm text-red-700 dark:text-red-300" data-testid="kyc-status">
          {t('kycFailed')}
        </p>
      );
    }
    return (
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300" data-testid="kyc-status">
        {t('kycChecking')}
      </p>
    );
  }
  const missing = answer.gaps.map((gap) => t(GAP_KEYS[gap])).join(', ');
  return (
    <div data-testid="kyc-status" aria-busy={isRefreshing}>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-bold ${
            answer.gaps.length === 0
              ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-100'
              : 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100'
          }`}
        >
          {answer.gaps.length === 0 ? t('kycComplete') : t('kycIncomplete')}
        </span>
        {answer.gaps.length > 0 ? (
          <span className="text-slate-700 dark:text-slate-200">{t('kycMissing', { missing })}</span>
        ) : null}
      </p>
      {panMissing ? (
        <p className={warning} data-testid="kyc-pan-needed">
          {answer.pan_rule.threshold === 0
            ? t('panNeededEveryLoan')
            : t('panNeeded', {
                threshold: formatRupeeAmount(answer.pan_rule.threshold),
                open: formatRupeeAmount(answer.open_loans),
              })}
        </p>
      ) : null}
      {blocked ? (
        <p id={blockId} role="alert" className={refusal} data-testid="kyc-blocked">
          {t('kycBlocked')}
        </p>
      ) : answer.gaps.length > 0 && !panMissing ? (
        <p className={warning} data-testid="kyc-warning">
          {t('kycWarn')}
        </p>
      ) : null}
    </div>
  );
}
