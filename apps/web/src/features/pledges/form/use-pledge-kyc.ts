import { type CustomerKyc, paiseToRupees } from '@pledge-desk/domain';
import { useCustomerKyc } from '@/features/pledges/api/customer-kyc';
import { useDebounced } from '@/lib/use-debounced';
import { moneyPaise } from './pledge-form-model';
import type { FormState } from './use-pledge-form-state';

/** How long the loan amount must rest before the KYC is asked again for it. */
export const KYC_LOAN_DEBOUNCE_MS = 400;

/** Is a PAN or Form 60 asked for this loan while the customer has neither on file? */
export function lacksPanOrForm60(kyc: CustomerKyc): boolean {
  return (
    kyc.pan_needed && !kyc.documents.some((document) => document.kind === 'pan') && !kyc.form60_declared_on
  );
}

/**
 * The KYC of a new pledge's customer (issue 33), read for the loan amount typed (rupees, once the
 * typing rests) so the server judges PAN or Form 60 for this loan with the customer's open loans. The
 * edit screen reads none: the KYC rules are a new pledge's. `blocked`: the branch refuses a new pledge
 * while the KYC has a gap (the server answers 409 'kyc.incompleteBlocked' anyway).
 */
export function usePledgeKyc(state: FormState, isEdit: boolean) {
  const loanPaise = moneyPaise(state.loanText);
  const loanRupees = useDebounced(loanPaise > 0 ? paiseToRupees(loanPaise) : null, KYC_LOAN_DEBOUNCE_MS);
  const customerId = !isEdit && state.customer ? state.customer.id : null;
  const query = useCustomerKyc(customerId, loanRupees);
  const kyc = customerId !== null ? query.data : undefined;
  const blocked = kyc !== undefined && kyc.incomplete_mode === 'block' && kyc.gaps.length > 0;
  return {
    query,
    kyc,
    /** The answer on screen is for an earlier amount while the new one is on its way. */
    isRefreshing: query.isPlaceholderData || (query.isFetching && !query.isPending),
    blocked,
    panMissing: kyc !== undefined && lacksPanOrForm60(kyc),
  };
}

export type PledgeKyc = ReturnType<typeof usePledgeKyc>;
