import {
  type CreatePledgeFormInput,
  createPledgeSchema,
  customerSchema,
  formatRupees,
  isPlainDate,
  itemValuePaise,
  PLEDGE_MESSAGES,
  type PledgeSaved,
  paiseToRupees,
  rupeesToPaise,
  type UpdatePledgeFormInput,
  updatePledgeSchema,
  validatePledgeAmounts,
} from '@pledge-desk/domain';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '@/components/ui/toasts';
import { errorMessage, errorSentence } from '@/components/ui/use-crud-toasts';
import { customerInputOf, useSaveFormCustomer } from '@/features/pledges/api/form-lookups';
import { uploadItemPhoto, useCreatePledge, useUpdatePledge } from '@/features/pledges/api/save-pledge';
import { ApiError } from '@/lib/api-client';
import { serverFieldMessages } from '@/lib/form-errors';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useIdempotentSubmit } from '@/lib/use-idempotent-submit';
import type { CashLimitCheck } from '@/shared/cash-limit/cash-limit-control';
import type { RowField } from './components/pledge-item-table';
import { payoutText, pledgeFormText } from './i18n';
import {
  type ItemRow,
  moneyForJson,
  moneyPaise,
  rowAction,
  weightForJson,
  weightMg,
} from './pledge-form-model';
import {
  CUSTOMER_DETAIL_FIELDS,
  type CustomerDetailField,
  detailsOf,
  initialState,
  type PledgeFormInitial,
  type PledgeFormState,
  ROW_FIELDS,
  TOP_FIELDS,
} from './use-pledge-form-state';
import type { PledgeTerms } from './use-pledge-terms';

/** The figures the screen computes and sends for the server to check (docs/domain-rules.md §2.3). */
const COMPUTED_FIELD = /^(items\.\d+\.net_value|due_date|first_month_interest|final_amount)$/;

/**
 * Saving the pledge form: the local checks (the schema, the dates, the amounts of domain rules §2.3, the
 * payout), a new pledge sent once per body (idempotent), an edit with its customer's changed details
 * first, the item photos after, and every refusal placed on its field or row or said in a toast.
 */
export function useSavePledge({
  initial,
  form,
  terms: pledgeTerms,
  cashLimit,
  licenceBlock,
  onLicenceRefused,
  onKycRefused,
  allowLeave,
}: {
  initial: PledgeFormInitial | undefined;
  form: PledgeFormState;
  terms: PledgeTerms;
  cashLimit: CashLimitCheck;
  /** Why a new pledge cannot be made now (the branch's licence), or null. */
  licenceBlock: string | null;
  /** The server refused a new pledge for the licence: its sentence. */
  onLicenceRefused: (message: string) => void;
  /** The server refused a new pledge for the customer's KYC (PAN or Form 60, or the branch's block). */
  onKycRefused: () => void;
  /** Lets the edit screen leave after its update without the unsaved-changes question. */
  allowLeave: () => void;
}) {
  const isEdit = initial !== undefined;
  const t = useT(pledgeFormText);
  const payoutT = useT(payoutText);
  const messageText = useMessageText();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const create = useCreatePledge();
  const update = useUpdatePledge();
  const saveCustomer = useSaveFormCustomer();
  const submission = useIdempotentSubmit();
  const [saved, setSaved] = useState<PledgeSaved | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const { state, setState, setErrors, setRowErrors, setDetailErrors } = form;
  const { terms, quote, today, keepsOwnTerms, valuation, schemes, basisText } = pledgeTerms;

  const stored = new Map((initial?.pledge.items ?? []).map((item) => [item.pledge_item_id, item]));

  const payloadOf = () => {
    const base = {
      customer_id: state.customer?.id ?? Number.NaN,
      scheme_id: state.schemeId === '' ? Number.NaN : Number(state.schemeId),
      pledge_date: state.pledgeDate,
      document_charges: moneyForJson(state.documentChargesText),
      total_loan_amount: moneyForJson(state.loanText),
      status: state.status,
      // Move to Bank is its own step on the pledge's details: the form never sends it.
      remarks: state.remarks.trim() === '' ? null : state.remarks.trim(),
      packet_no: state.packetNo.trim() === '' ? null : state.packetNo.trim(),
      payout_method: state.payoutMethod,
      payout_reference:
        state.payoutMethod === 'cash' || state.payoutReference.trim() === ''
          ? null
          : state.payoutReference.trim(),
      cash_limit_confirmed: state.payoutMethod === 'cash' && state.cashLimitConfirmed,
      // The client's own figures, which the server recomputes and rejects on a mismatch (422).
      ...(quote
        ? {
            due_date: quote.dueDate,
            first_month_interest: paiseToRupees(quote.firstMonthInterestPaise),
            final_amount: paiseToRupees(quote.finalAmountPaise),
          }
        : {}),
    };
    const itemOf = (row: ItemRow) => {
      const netMg = weightMg(row.net);
      return {
        jewell_design_id: row.design?.id ?? Number.NaN,
        jewell_condition: row.condition.trim() === '' ? null : row.condition.trim(),
        gross_weight: weightForJson(row.gross),
        net_weight: weightForJson(row.net),
        ...(terms && netMg !== null
          ? { net_value: paiseToRupees(itemValuePaise(netMg, terms.ratePaise)) }
          : {}),
        remarks: row.remarks.trim() === '' ? null : row.remarks.trim(),
      };
    };
    return { base, itemOf };
  };

  const showRowAndFieldErrors = (
    issues: readonly { path: readonly PropertyKey[]; message: string }[],
    rows: readonly ItemRow[],
  ) => {
    const top: Partial<Record<string, string>> = {};
    const byRow: Record<string, Partial<Record<RowField, string>>> = {};
    for (const issue of issues) {
      const [first, index, field] = issue.path.map(String);
      if (first === 'items' && index !== undefined && field !== undefined) {
        const row = rows[Number(index)];
        if (row && (ROW_FIELDS as readonly string[]).includes(field)) {
          const rowMap = byRow[row.key] ?? {};
          rowMap[field as RowField] ??= issue.message;
          byRow[row.key] = rowMap;
          continue;
        }
      }
      if (first && (TOP_FIELDS as readonly string[]).includes(first)) top[first] ??= issue.message;
    }
    setErrors(top);
    setRowErrors(byRow);
    return Object.keys(top).length > 0 || Object.keys(byRow).length > 0;
  };

  const uploadPhotos = async (pledge: PledgeSaved, rows: readonly ItemRow[]) => {
    // Items come back in the order sent; on the edit screen kept items are matched by id first.
    const withPhotos = rows.flatMap((row, index) => (row.photo ? [{ row, index }] : []));
    if (withPhotos.length === 0) return;
    setIsUploading(true);
    const failed: number[] = [];
    for (const { row, index } of withPhotos) {
      const item =
        (row.pledgeItemId !== null
          ? pledge.items.find((i) => i.pledge_item_id === row.pledgeItemId)
          : undefined) ?? pledge.items[index];
      try {
        if (!item || !row.photo) throw new Error('no item');
        await uploadItemPhoto({ pledgeId: pledge.pledge_id, itemId: item.pledge_item_id, file: row.photo });
      } catch {
        failed.push(index + 1);
      }
    }
    setIsUploading(false);
    if (failed.length > 0) {
      showToast({
        type: 'warning',
        title: t('photoNotSaved'),
        message: t('photoFailed', { items: failed.join(', ') }),
      });
    }
  };

  const showServerFailure = async (
    error: unknown,
    title: 'saveError' | 'updateError',
    rows: readonly ItemRow[],
  ) => {
    if (error instanceof ApiError && error.status === 422) {
      const messages = serverFieldMessages(error);
      // A figure the screen computes (a net value, the due date, the first month interest, the final
      // amount) that the server computed otherwise means the terms moved under the form (a new rate,
      // the regime, the scheme): the clerk is told so in a sentence, and the form takes the server's
      // terms again, never a field path on a field they cannot edit.
      const computed = Object.keys(messages).filter((path) => COMPUTED_FIELD.test(path));
      const issues = Object.entries(messages)
        .filter(([path]) => !COMPUTED_FIELD.test(path))
        .map(([path, message]) => ({ path: path.split('.'), message }));
      const placed = showRowAndFieldErrors(issues, rows);
      if (computed.length > 0) {
        const [fresh] = await Promise.all([keepsOwnTerms ? null : valuation.refetch(), schemes.refetch()]);
        const now = fresh?.data?.rate ?? null;
        showToast({
          type: 'error',
          title: t('validationError'),
          message: now
            ? t('valuationChanged', {
                rate: formatRupees(rupeesToPaise(now.rate_per_gram)),
                basis: basisText(now),
              })
            : t('figuresChanged'),
        });
        return;
      }
      // What the form could not place is said in the server's sentences, never with their paths.
      const sentences = issues.map((issue) => messageText(issue.message));
      showToast({
        type: 'error',
        title: t('validationError'),
        message: placed
          ? t('checkFields')
          : sentences.length > 0
            ? sentences.join(' ')
            : messageText(errorMessage(error, t('checkFields'))),
      });
      return;
    }
    if (error instanceof ApiError && error.code === 'LICENCE_EXPIRED') onLicenceRefused(error.message);
    if (error instanceof ApiError && error.status === 409 && error.messageCode?.startsWith('kyc.')) {
      onKycRefused();
    }
    showToast({
      type: 'error',
      title: t(title),
      message: errorMessage(error, t(isEdit ? 'updateFailed' : 'saveFailed')),
      ...errorSentence(error, t(isEdit ? 'updateFailed' : 'saveFailed')),
    });
  };

  const validateLocally = (parsed: {
    success: boolean;
    error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
  }) => {
    const issues = [...(parsed.success ? [] : (parsed.error?.issues ?? []))];
    if (!isPlainDate(state.pledgeDate))
      issues.push({ path: ['pledge_date'], message: PLEDGE_MESSAGES.pledgeDate });
    else if (state.pledgeDate > today) issues.push({ path: ['pledge_date'], message: t('futureDate') });
    if (quote) {
      for (const e of validatePledgeAmounts({
        loanPaise: quote.loanPaise,
        eligibleLoanPaise: quote.eligibleLoanPaise,
        firstMonthInterestPaise: quote.firstMonthInterestPaise,
        documentChargesPaise: quote.documentChargesPaise,
      })) {
        issues.push({ path: [e.field], message: e.message });
      }
    }
    // A non-cash payout names its reference; a cash payout over the limit is confirmed.
    if (state.payoutMethod !== 'cash' && state.payoutReference.trim() === '') {
      issues.push({ path: ['payout_reference'], message: payoutT('referenceNeeded') });
    }
    if (cashLimit.verdict !== 'ok' && cashLimit.message) {
      issues.push({
        path: [cashLimit.verdict === 'block' ? 'payout_method' : 'cash_limit_confirmed'],
        message: cashLimit.message,
      });
    }
    return showRowAndFieldErrors(issues, state.rows);
  };

  const requiredMissing = () =>
    !state.customer || state.schemeId === '' || state.rows.length === 0 || !(moneyPaise(state.loanText) > 0);

  const onCreate = () => {
    if (licenceBlock) return;
    if (requiredMissing()) {
      showToast({
        type: 'error',
        title: t('validationError'),
        message: messageText(PLEDGE_MESSAGES.create.replace(/^Validation Error: /, '')),
      });
      return;
    }
    const { base, itemOf } = payloadOf();
    const payload: CreatePledgeFormInput = { ...base, items: state.rows.map(itemOf) };
    const parsed = createPledgeSchema.safeParse(payload);
    if (validateLocally(parsed) || !parsed.success) {
      showToast({ type: 'error', title: t('validationError'), message: t('checkFields') });
      return;
    }
    const rows = state.rows;
    // The same body sent again (a retry after a lost answer) keeps its key; a second click sends nothing.
    submission.send(payload, (idempotencyKey) => create.mutateAsync({ values: payload, idempotencyKey }), {
      onSuccess: async (pledge) => {
        showToast({
          type: 'success',
          title: t('pledgeCreated'),
          message: t('createdWith', { count: pledge.items.length }),
        });
        for (const w of pledge.warnings)
          showToast({ type: 'warning', title: t('warning'), message: messageText(w.message) });
        setState(initialState(undefined));
        setErrors({});
        setRowErrors({});
        setSaved(pledge);
        await uploadPhotos(pledge, rows);
      },
      onError: (error) => void showServerFailure(error, 'saveError', rows),
    });
  };

  const onUpdate = async () => {
    if (!initial) return;
    if (requiredMissing()) {
      showToast({ type: 'error', title: t('validationError'), message: messageText(PLEDGE_MESSAGES.update) });
      return;
    }
    const { base, itemOf } = payloadOf();
    const payload: UpdatePledgeFormInput = {
      ...base,
      items: state.rows.map((row) => {
        const action = rowAction(row, row.pledgeItemId !== null ? stored.get(row.pledgeItemId) : undefined);
        return { ...itemOf(row), action, ...(action === 'add' ? {} : { pledge_item_id: row.pledgeItemId }) };
      }),
      delete_item_ids: state.deleteItemIds,
    };
    const parsed = updatePledgeSchema.safeParse(payload);
    // The customer's details (spec §2.2) go back as the whole record, changed where the clerk typed.
    const customer = state.customer;
    const detailsChanged =
      customer !== null &&
      CUSTOMER_DETAIL_FIELDS.some(([f]) => state.details[f].trim() !== detailsOf(customer)[f].trim());
    const customerBody = customer ? { ...customerInputOf(customer), ...state.details } : null;
    const customerParsed = detailsChanged && customerBody ? customerSchema.safeParse(customerBody) : null;
    const detailProblems: Partial<Record<CustomerDetailField, string>> = {};
    if (customerParsed && !customerParsed.success) {
      for (const issue of customerParsed.error.issues) {
        const field = String(issue.path[0]) as CustomerDetailField;
        if (CUSTOMER_DETAIL_FIELDS.some(([f]) => f === field)) detailProblems[field] ??= issue.message;
      }
    }
    setDetailErrors(detailProblems);
    const hasLocalErrors = validateLocally(parsed);
    if (hasLocalErrors || !parsed.success || Object.keys(detailProblems).length > 0) {
      showToast({ type: 'error', title: t('validationError'), message: t('checkFields') });
      return;
    }
    const rows = state.rows;
    try {
      if (customer && customerParsed?.success) {
        await saveCustomer.mutateAsync({ id: customer.id, values: customerParsed.data });
      }
    } catch (error) {
      const messages = serverFieldMessages(error);
      const placed: Partial<Record<CustomerDetailField, string>> = {};
      for (const [f] of CUSTOMER_DETAIL_FIELDS) if (messages[f]) placed[f] = messages[f];
      setDetailErrors(placed);
      showToast({
        type: 'error',
        title: t('updateError'),
        message: errorMessage(error, t('updateCustomerFailed')),
        ...errorSentence(error, t('updateCustomerFailed')),
      });
      return;
    }
    update.mutate(
      { pledgeId: initial.pledge.pledge_id, values: payload },
      {
        onSuccess: async (pledge) => {
          showToast({
            type: 'success',
            title: t('pledgeUpdated'),
            message: t('updatedWith', { count: pledge.items.length }),
          });
          for (const w of pledge.warnings)
            showToast({ type: 'warning', title: t('warning'), message: messageText(w.message) });
          await uploadPhotos(pledge, rows);
          allowLeave();
          navigate('/pledges');
        },
        onError: (error) => void showServerFailure(error, 'updateError', rows),
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isEdit) void onUpdate();
    else onCreate();
  };

  const isSaving = create.isPending || update.isPending || saveCustomer.isPending || isUploading;
  return { onSubmit, isSaving, saved, closeSaved: () => setSaved(null) };
}
