import { type CustomerView, type PledgeView, paiseToRupees } from '@pledge-desk/domain';
import { type KeyboardEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { uiText } from '@/components/ui/i18n';
import { useUnsavedChanges } from '@/components/ui/use-unsaved-changes';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { hasPermission, permissions } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { useCashSettings } from '@/shared/api/cash-settings';
import { useCompliance } from '@/shared/api/compliance-settings';
import { DrawerPayoutNotice, useDrawerPayoutCheck } from '@/shared/cash-drawer/drawer-payout-notice';
import { checkCashLimit } from '@/shared/cash-limit/cash-limit-control';
import { useNewCustomerDialog } from '@/shared/pickers/new-customer';
import { pledgeFormText } from '../i18n';
import { usePledgeCustomer } from '../use-pledge-customer';
import { initialState, typedOf, usePledgeFormState } from '../use-pledge-form-state';
import { usePledgeKyc } from '../use-pledge-kyc';
import { usePledgeTerms } from '../use-pledge-terms';
import { useSavePledge } from '../use-save-pledge';
import { PayoutSection } from './payout-section';
import { PledgeCustomerDetails, PledgeCustomerSection } from './pledge-customer-section';
import { card } from './pledge-form-styles';
import { PledgeItemsSection } from './pledge-items-section';
import { PledgeSummary } from './pledge-summary';
import { SavedPledgeDialog } from './saved-pledge-dialog';

/**
 * The create and edit pledge form (pledges-and-payments §2.1, §2.2, §5, §8): the customer found by
 * number or by name, the scheme and its rate on the pledge date, the items, and a live summary whose
 * every figure comes from the domain's pledgeQuote. The server recomputes all of it.
 */
export function PledgeForm({ initial }: { initial?: { pledge: PledgeView; customer: CustomerView } }) {
  const isEdit = initial !== undefined;
  const t = useT(pledgeFormText);
  const ui = useT(uiText);
  const messageText = useMessageText();
  const navigate = useNavigate();
  const ids = {
    customer: useId(),
    scheme: useId(),
    due: useId(),
    status: useId(),
    licence: useId(),
    kyc: useId(),
  };

  const form = usePledgeFormState(initial);
  const { state, set, errors, clearError } = form;
  // Ask before leaving with unsaved input (a saved pledge resets the form).
  const leaveGuard = useUnsavedChanges(typedOf(state) !== typedOf(initialState(initial)));
  // A clerk who may create customers registers a walk-in customer from here (the
  // customers feature's dialog, handed over by the app), and the pledge goes on with that customer.
  const { user } = useSession();
  const NewCustomerDialog = useNewCustomerDialog();
  const canRegister =
    !isEdit && NewCustomerDialog !== null && hasPermission(user, permissions.customersCreate);
  const [registering, setRegistering] = useState<string | null>(null);
  // No new pledge once the branch's licence has expired. Read when the screen opens,
  // so the clerk learns it before typing; a 409 (it expired meanwhile) brings the server's sentence.
  const compliance = useCompliance({ staleTime: 0 });
  const [licenceRefusal, setLicenceRefusal] = useState<string | null>(null);
  const licenceBlock = isEdit
    ? null
    : licenceRefusal !== null
      ? messageText(licenceRefusal)
      : compliance.data?.licence_state === 'expired'
        ? compliance.data.licence_message
          ? messageText(compliance.data.licence_message)
          : t('licenceExpired')
        : null;

  const terms = usePledgeTerms(state, initial);
  const { quote } = terms;
  const lookup = usePledgeCustomer(form);
  const kyc = usePledgeKyc(state, isEdit);

  const cashSettings = useCashSettings();
  const cashLimit = checkCashLimit({
    amountPaise: quote?.finalAmountPaise ?? 0,
    method: state.payoutMethod,
    settings: cashSettings.data,
    confirmed: state.cashLimitConfirmed,
    what: 'payout',
  });
  // The drawer rules of a new pledge's cash payout; an edit's payout is the server's.
  const drawerPayout = useDrawerPayoutCheck({
    amountPaise: isEdit ? 0 : (quote?.finalAmountPaise ?? 0),
    method: state.payoutMethod,
    date: state.pledgeDate,
  });

  const save = useSavePledge({
    initial,
    form,
    terms,
    cashLimit,
    licenceBlock,
    onLicenceRefused: (message) => {
      setLicenceRefusal(message);
      void compliance.refetch();
    },
    // A KYC refusal (PAN or Form 60, or the branch's block) means the screen's answer is out of date.
    onKycRefused: () => void kyc.query.refetch(),
    allowLeave: leaveGuard.allowLeave,
  });
  const isSaving = save.isSaving;

  const onLoanChange = (text: string) => {
    set({ loanText: text });
    clearError('total_loan_amount', 'final_amount', 'first_month_interest');
  };
  const useEligibleLoan = () => {
    if (quote) onLoanChange(String(paiseToRupees(quote.eligibleLoanPaise)));
  };

  // Enter never sends a money form by accident from a field (the item table and the customer number
  // use it to move and to look up); Save Pledge and Update Pledge are pressed on purpose.
  const onFormKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.defaultPrevented) return;
    const target = event.target;
    if (
      (target instanceof HTMLInputElement && target.type !== 'file') ||
      target instanceof HTMLSelectElement
    ) {
      event.preventDefault();
    }
  };

  return (
    <>
      <form
        noValidate
        onSubmit={save.onSubmit}
        onKeyDown={onFormKeyDown}
        className="space-y-5"
        aria-label={isEdit ? t('editPledge') : t('createPledge')}
      >
        {licenceBlock ? (
          <p
            id={ids.licence}
            role="alert"
            data-testid="licence-blocked"
            className="rounded-2xl border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800 dark:border-red-700 dark:bg-red-950/60 dark:text-red-100"
          >
            {licenceBlock}
          </p>
        ) : null}
        <div className="space-y-5">
          <div className="min-w-0 space-y-5">
            <PledgeCustomerSection
              form={form}
              terms={terms}
              lookup={lookup}
              kyc={kyc}
              ids={ids}
              isEdit={isEdit}
              canRegister={canRegister}
              onRegister={setRegistering}
            />
            {isEdit && state.customer ? <PledgeCustomerDetails form={form} ids={ids} /> : null}
            <PledgeItemsSection form={form} terms={terms} />
          </div>

          <div className={card}>
            <PledgeSummary
              quote={quote}
              loanText={state.loanText}
              onLoanChange={onLoanChange}
              onUseEligible={useEligibleLoan}
              documentChargesText={state.documentChargesText}
              onDocumentChargesChange={(text) => {
                set({ documentChargesText: text });
                clearError('document_charges', 'final_amount');
              }}
              remarks={state.remarks}
              onRemarksChange={(text) => set({ remarks: text })}
              packetNo={state.packetNo}
              onPacketNoChange={(text) => {
                set({ packetNo: text });
                clearError('packet_no');
              }}
              errors={errors}
            />
            <PayoutSection
              method={state.payoutMethod}
              reference={state.payoutReference}
              confirmed={state.cashLimitConfirmed}
              check={cashLimit}
              errors={errors}
              onMethod={(method) => {
                set({ payoutMethod: method });
                clearError('payout_method', 'payout_reference', 'cash_limit_confirmed');
              }}
              onReference={(text) => {
                set({ payoutReference: text });
                clearError('payout_reference');
              }}
              onConfirmed={(checked) => {
                set({ cashLimitConfirmed: checked });
                clearError('cash_limit_confirmed');
              }}
            />
            <DrawerPayoutNotice check={drawerPayout} className="mt-3" />
          </div>
        </div>

        <div className="flex flex-wrap items-center justify-end gap-3">
          {isEdit ? (
            <>
              <Link
                to="/pledges"
                className="mr-auto rounded-lg px-2 py-1 text-sm font-semibold text-brand-600 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300"
              >
                {t('backToPledges')}
              </Link>
              <Button variant="secondary" onClick={() => navigate('/pledges')}>
                {ui('cancel')}
              </Button>
            </>
          ) : null}
          <Button
            type="submit"
            disabled={
              isSaving ||
              cashLimit.verdict === 'block' ||
              drawerPayout.blocked ||
              licenceBlock !== null ||
              kyc.blocked
            }
            aria-describedby={
              [licenceBlock ? ids.licence : null, kyc.blocked ? ids.kyc : null].filter(Boolean).join(' ') ||
              undefined
            }
          >
            {isSaving ? t('saving') : isEdit ? t('updatePledge') : t('savePledge')}
          </Button>
        </div>

        {save.saved ? <SavedPledgeDialog pledge={save.saved} onClose={save.closeSaved} /> : null}
        {leaveGuard.dialog}
      </form>
      {/* Outside the pledge form: React events bubble through a portal, and the customer form's submit
        and Enter keys must not reach this form's handlers. */}
      {registering !== null && NewCustomerDialog ? (
        <NewCustomerDialog
          initialName={registering}
          onRegistered={lookup.onRegistered}
          onClose={() => setRegistering(null)}
        />
      ) : null}
    </>
  );
}
