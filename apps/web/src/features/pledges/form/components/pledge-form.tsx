import {
  businessToday,
  type CreatePledgeFormInput,
  type CustomerView,
  createPledgeSchema,
  customerSchema,
  formatIndianDate,
  formatRupees,
  isPlainDate,
  itemValuePaise,
  PLEDGE_MESSAGES,
  PLEDGE_STATUSES,
  type PledgePayoutMethod,
  type PledgeSaved,
  type PledgeStatus,
  type PledgeView,
  paiseToRupees,
  rupeesToPaise,
  type UpdatePledgeFormInput,
  updatePledgeSchema,
  validatePledgeAmounts,
} from '@pledge-desk/domain';
import { type FormEvent, type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { CheckboxField, DateField, SelectField } from '@/components/ui/form-field';
import { uiText } from '@/components/ui/i18n';
import { Icon } from '@/components/ui/icons';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toasts';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { useUnsavedChanges } from '@/components/ui/use-unsaved-changes';
import { ApiError } from '@/lib/api-client';
import { serverFieldMessages } from '@/lib/form-errors';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { hasPermission, permissions } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { useIdempotentSubmit } from '@/lib/use-idempotent-submit';
import { useCashSettings } from '@/shared/api/cash-settings';
import { useCompliance } from '@/shared/api/compliance-settings';
import type { CustomerMatch } from '@/shared/api/search-customers';
import { DrawerPayoutNotice, useDrawerPayoutCheck } from '@/shared/cash-drawer/drawer-payout-notice';
import { checkCashLimit } from '@/shared/cash-limit/cash-limit-control';
import { CustomerPicker } from '@/shared/pickers/customer-picker';
import { type RegisteredCustomer, useNewCustomerDialog } from '@/shared/pickers/new-customer';
import {
  customerInputOf,
  findCustomerByNumber,
  getCustomer,
  uploadItemPhoto,
  useCreatePledge,
  useFormSchemes,
  useSaveFormCustomer,
  useUpdatePledge,
  useValuationRate,
  type ValuationAnswer,
} from '../form-api';
import { payoutText, pledgeFormText } from '../i18n';
import {
  emptyRow,
  type FormTerms,
  type ItemRow,
  moneyForJson,
  moneyPaise,
  quoteOf,
  rowAction,
  rowOfItem,
  termsOfPledge,
  termsOfScheme,
  weightForJson,
  weightMg,
} from '../pledge-form-model';
import { PayoutSection } from './payout-section';
import { PledgeItemTable, type RowField } from './pledge-item-table';
import { PledgeSummary } from './pledge-summary';
import { SavedPledgeDialog } from './saved-pledge-dialog';

const card = 'rounded-2xl bg-white p-5 shadow-sm dark:bg-navy-800';

/** The figures the screen computes and sends for the server to check (docs/domain-rules.md §2.3). */
const COMPUTED_FIELD = /^(items\.\d+\.net_value|due_date|first_month_interest|final_amount)$/;

const ROW_FIELDS: readonly RowField[] = [
  'jewell_design_id',
  'jewell_condition',
  'gross_weight',
  'net_weight',
  'remarks',
];
const TOP_FIELDS = [
  'customer_id',
  'scheme_id',
  'pledge_date',
  'due_date',
  'total_loan_amount',
  'first_month_interest',
  'final_amount',
  'document_charges',
  'status',
  'remarks',
  'packet_no',
  'payout_method',
  'payout_reference',
  'cash_limit_confirmed',
] as const;

/** The edit screen's customer details (spec §2.2): name, phone, the address lines and the city (labels: catalogue keys). */
const CUSTOMER_DETAIL_FIELDS = [
  ['customer_name', 'customerName', 150],
  ['mobile_number', 'phone', 20],
  ['door_no', 'doorNo', 50],
  ['street', 'street', 200],
  ['location', 'location', 150],
  ['district', 'city', 100],
] as const;
type CustomerDetailField = (typeof CUSTOMER_DETAIL_FIELDS)[number][0];
type CustomerDetails = Record<CustomerDetailField, string>;

function detailsOf(customer: CustomerView | null): CustomerDetails {
  return {
    customer_name: customer?.customer_name ?? '',
    mobile_number: customer?.mobile_number ?? '',
    door_no: customer?.door_no ?? '',
    street: customer?.street ?? '',
    location: customer?.location ?? '',
    district: customer?.district ?? '',
  };
}

const amountText = (rupees: number) => (Number.isFinite(rupees) ? String(rupees) : '');

interface FormState {
  customerNumber: string;
  customer: CustomerView | null;
  schemeId: string;
  pledgeDate: string;
  rows: ItemRow[];
  loanText: string;
  documentChargesText: string;
  remarks: string;
  /** The packet the articles are sealed in (vault register). */
  packetNo: string;
  status: PledgeStatus;
  isMoveToBank: boolean;
  details: CustomerDetails;
  deleteItemIds: number[];
  payoutMethod: PledgePayoutMethod;
  payoutReference: string;
  /** Warn mode of the cash limit: 'Customer insists on cash' ticked. */
  cashLimitConfirmed: boolean;
}

function initialState(initial: { pledge: PledgeView; customer: CustomerView } | undefined): FormState {
  if (!initial) {
    return {
      customerNumber: '',
      customer: null,
      schemeId: '',
      pledgeDate: businessToday(),
      rows: [],
      loanText: '',
      documentChargesText: '100',
      remarks: '',
      packetNo: '',
      status: 'active',
      isMoveToBank: false,
      details: detailsOf(null),
      deleteItemIds: [],
      payoutMethod: 'cash',
      payoutReference: '',
      cashLimitConfirmed: false,
    };
  }
  const { pledge, customer } = initial;
  return {
    customerNumber: customer.acc_code,
    customer,
    schemeId: String(pledge.scheme_id),
    pledgeDate: pledge.pledge_date,
    rows: pledge.items.map(rowOfItem),
    loanText: amountText(pledge.total_loan_amount),
    documentChargesText: amountText(pledge.document_charges),
    remarks: pledge.remarks ?? '',
    packetNo: pledge.packet_no ?? '',
    status: pledge.status,
    isMoveToBank: pledge.is_move_to_bank,
    details: detailsOf(customer),
    deleteItemIds: [],
    payoutMethod: pledge.payout_method ?? 'cash',
    payoutReference: pledge.payout_reference ?? '',
    // A payout confirmed when the pledge was made stays confirmed on its edit screen.
    cashLimitConfirmed: pledge.cash_limit_confirmed ?? false,
  };
}

/** The form as typed, to tell an untouched form from one with unsaved input (rows' keys and photos aside). */
const typedOf = (s: FormState) =>
  JSON.stringify({
    ...s,
    rows: s.rows.map(({ key: _k, photo, ...r }) => ({ ...r, photo: photo?.name ?? null })),
  });

/**
 * The create and edit pledge form (pledges-and-payments §2.1, §2.2, §5, §8): the customer found by
 * number or by name, the scheme and its rate on the pledge date, the items, and a live summary whose
 * every figure comes from the domain's pledgeQuote. The server recomputes all of it.
 */
export function PledgeForm({ initial }: { initial?: { pledge: PledgeView; customer: CustomerView } }) {
  const isEdit = initial !== undefined;
  const t = useT(pledgeFormText);
  const payoutT = useT(payoutText);
  const ui = useT(uiText);
  const messageText = useMessageText();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const schemes = useFormSchemes();
  const create = useCreatePledge();
  const update = useUpdatePledge();
  const saveCustomer = useSaveFormCustomer();
  const submission = useIdempotentSubmit();
  const lookup = useRef<AbortController | null>(null);
  const ids = { customer: useId(), scheme: useId(), due: useId(), status: useId(), licence: useId() };

  const [state, setState] = useState<FormState>(() => initialState(initial));
  const [isLookingUp, setIsLookingUp] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [rowErrors, setRowErrors] = useState<Record<string, Partial<Record<RowField, string>>>>({});
  const [detailErrors, setDetailErrors] = useState<Partial<Record<CustomerDetailField, string>>>({});
  const [saved, setSaved] = useState<PledgeSaved | null>(null);
  // Ask before leaving with unsaved input (a saved pledge resets the form).
  const leaveGuard = useUnsavedChanges(typedOf(state) !== typedOf(initialState(initial)));
  // A clerk who may create customers registers a walk-in customer from here (the
  // customers feature's dialog, handed over by the app), and the pledge goes on with that customer.
  const { user } = useSession();
  const NewCustomerDialog = useNewCustomerDialog();
  const canRegister =
    !isEdit && NewCustomerDialog !== null && hasPermission(user, permissions.customersCreate);
  const [registering, setRegistering] = useState<string | null>(null);
  const [isUploading, setIsUploading] = useState(false);
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

  const set = (patch: Partial<FormState>) => setState((s) => ({ ...s, ...patch }));
  const clearError = (...fields: string[]) =>
    setErrors((e) => {
      const next = { ...e };
      for (const f of fields) delete next[f];
      return next;
    });

  const today = businessToday();
  const scheme = schemes.data?.find((s) => String(s.id) === state.schemeId) ?? null;
  // Only active schemes are offered; the pledge's own scheme stays on its edit screen.
  const offered = (schemes.data ?? []).filter(
    (s) => s.status || (initial !== undefined && s.id === initial.pledge.scheme_id),
  );
  const pledgeDateOk = isPlainDate(state.pledgeDate);
  // A pledge keeps the terms it was made under (docs/domain-rules.md §2.4): the edit screen quotes with them
  // while the scheme and the pledge date are unchanged, as the server does, and with the scheme's
  // terms and the server's rate on the new date once either changes.
  const keepsOwnTerms =
    initial !== undefined &&
    state.schemeId === String(initial.pledge.scheme_id) &&
    state.pledgeDate === initial.pledge.pledge_date;
  // The rate is the server's own answer for this scheme and date under the branch's regime: the
  // form never works a rate out of the rate lists, so it shows the figures the server checks.
  const valuation = useValuationRate(
    keepsOwnTerms ? null : (scheme?.id ?? null),
    pledgeDateOk && state.pledgeDate <= today ? state.pledgeDate : null,
  );
  const rate = valuation.data?.rate ?? null;
  const terms: FormTerms | null = keepsOwnTerms
    ? termsOfPledge(initial.pledge)
    : scheme && rate
      ? termsOfScheme(scheme, rate.rate_per_gram)
      : null;
  const noRate = !keepsOwnTerms && scheme !== null ? (valuation.data?.noRate ?? null) : null;
  /** How the rate was chosen, in words: the Jewell Rates entry in force, or the RBI rule. */
  const basisText = (answer: NonNullable<ValuationAnswer['rate']>) =>
    answer.basis === 'rate_in_force'
      ? t('basisInForce', { type: answer.jewel_type_name, date: formatIndianDate(answer.rate_date) })
      : t('basisRbi', {
          previous: formatRupees(rupeesToPaise(answer.previous_day_rate ?? 0)),
          days: String(answer.average_days ?? 0),
          average: formatRupees(rupeesToPaise(answer.average_rate ?? 0)),
        });
  const canAdd = terms !== null;

  const quote = useMemo(
    () =>
      terms && pledgeDateOk
        ? quoteOf({
            rows: state.rows,
            terms,
            loanText: state.loanText,
            documentChargesText: state.documentChargesText,
            pledgeDate: state.pledgeDate,
          })
        : null,
    [terms, pledgeDateOk, state.rows, state.loanText, state.documentChargesText, state.pledgeDate],
  );

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

  // --- customer -------------------------------------------------------------------------------------
  const loadCustomer = (customer: CustomerView | null) => {
    set({
      customer,
      details: detailsOf(customer),
      ...(customer ? { customerNumber: customer.acc_code } : {}),
    });
    setDetailErrors({});
  };

  const lookUpNumber = async () => {
    const typed = state.customerNumber.trim();
    if (typed === '') return;
    if (state.customer && typed.toUpperCase() === state.customer.acc_code.toUpperCase()) return;
    lookup.current?.abort();
    const controller = new AbortController();
    lookup.current = controller;
    setIsLookingUp(true);
    try {
      const found = await findCustomerByNumber(typed, controller.signal);
      if (controller.signal.aborted) return;
      if (found) {
        loadCustomer(found);
        clearError('customer_id');
      } else {
        set({ customer: null, details: detailsOf(null) });
        setErrors((e) => ({ ...e, customer_id: t('customerNotFound') }));
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      setErrors((e) => ({ ...e, customer_id: errorMessage(error, t('fetchCustomerFailed')) }));
    } finally {
      if (!controller.signal.aborted) setIsLookingUp(false);
    }
  };

  const pickCustomer = async (match: CustomerMatch | null) => {
    if (!match) return;
    lookup.current?.abort();
    const controller = new AbortController();
    lookup.current = controller;
    setIsLookingUp(true);
    try {
      const customer = await getCustomer(match.id, controller.signal);
      if (controller.signal.aborted) return;
      loadCustomer(customer);
      clearError('customer_id');
    } catch (error) {
      if (!controller.signal.aborted) {
        setErrors((e) => ({ ...e, customer_id: errorMessage(error, t('fetchCustomerFailed')) }));
      }
    } finally {
      if (!controller.signal.aborted) setIsLookingUp(false);
    }
  };

  const onRegistered = (registered: RegisteredCustomer) =>
    void pickCustomer({
      id: registered.id,
      name: registered.customer_name,
      phone: registered.mobile_number,
    });

  // --- items ------------------------------------------------------------------------------------------
  const changeRow = (key: string, patch: Partial<ItemRow>) => {
    setState((s) => ({ ...s, rows: s.rows.map((r) => (r.key === key ? { ...r, ...patch } : r)) }));
    setRowErrors((e) => {
      if (!e[key]) return e;
      const { [key]: _, ...rest } = e;
      return rest;
    });
  };
  const addRow = () => {
    if (!canAdd) return null;
    const row = emptyRow();
    setState((s) => ({ ...s, rows: [...s.rows, row] }));
    return row.key;
  };
  const removeRow = (key: string) =>
    setState((s) => {
      const row = s.rows.find((r) => r.key === key);
      return {
        ...s,
        rows: s.rows.filter((r) => r.key !== key),
        deleteItemIds: row?.pledgeItemId != null ? [...s.deleteItemIds, row.pledgeItemId] : s.deleteItemIds,
      };
    });

  // --- loan ------------------------------------------------------------------------------------------
  const onLoanChange = (text: string) => {
    set({ loanText: text });
    clearError('total_loan_amount', 'final_amount', 'first_month_interest');
  };
  const useEligibleLoan = () => {
    if (quote) onLoanChange(String(paiseToRupees(quote.eligibleLoanPaise)));
  };

  // --- save ------------------------------------------------------------------------------------------
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
    if (error instanceof ApiError && error.code === 'LICENCE_EXPIRED') {
      setLicenceRefusal(error.message);
      void compliance.refetch();
    }
    showToast({
      type: 'error',
      title: t(title),
      message: errorMessage(error, t(isEdit ? 'updateFailed' : 'saveFailed')),
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
          leaveGuard.allowLeave();
          navigate('/pledges');
        },
        onError: (error) => void showServerFailure(error, 'updateError', rows),
      },
    );
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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isEdit) void onUpdate();
    else onCreate();
  };

  const isSaving = create.isPending || update.isPending || saveCustomer.isPending || isUploading;
  const customer = state.customer;
  const addTitle =
    state.schemeId === '' ? t('chooseSchemeFirst') : noRate !== null ? messageText(noRate) : t('loadingRate');

  return (
    <>
      <form
        noValidate
        onSubmit={onSubmit}
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
            <section className={card} aria-labelledby={`${ids.customer}-title`}>
              <h2
                id={`${ids.customer}-title`}
                className="mb-4 text-lg font-bold text-navy-700 dark:text-white"
              >
                {t('customerAndScheme')}
              </h2>
              <div
                className={`grid gap-4 ${canRegister ? 'md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto]' : 'md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]'}`}
              >
                <TextField
                  id={ids.customer}
                  label={t('customerId')}
                  placeholder={t('customerIdPlaceholder')}
                  autoComplete="off"
                  maxLength={20}
                  value={state.customerNumber}
                  error={errors.customer_id}
                  onChange={(e) => {
                    set({ customerNumber: e.target.value });
                    clearError('customer_id');
                  }}
                  onBlur={() => void lookUpNumber()}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      void lookUpNumber();
                    }
                  }}
                />
                <CustomerPicker
                  label={t('searchCustomer')}
                  value={
                    customer
                      ? { id: customer.id, name: customer.customer_name, phone: customer.mobile_number }
                      : null
                  }
                  onChange={(match) => void pickCustomer(match)}
                  {...(canRegister ? { onCreateNew: (term: string) => setRegistering(term) } : {})}
                />
                {canRegister ? (
                  <div className="md:pt-7">
                    <Button
                      variant="secondary"
                      title={t('newCustomerHint')}
                      onClick={() => setRegistering('')}
                    >
                      <Icon name="plus" className="size-4" />
                      {t('newCustomer')}
                    </Button>
                  </div>
                ) : null}
              </div>
              <div
                className="mt-3 min-h-[3.5rem] rounded-xl bg-slate-50 px-4 py-3 text-sm dark:bg-navy-900/60"
                aria-live="polite"
              >
                {isLookingUp ? (
                  <p className="text-slate-600 dark:text-slate-300">{t('lookingUp')}</p>
                ) : customer ? (
                  <div data-testid="customer-card">
                    <p className="font-semibold text-navy-700 dark:text-white">
                      {customer.customer_name}{' '}
                      <span className="font-mono text-xs text-slate-500 dark:text-slate-400">
                        {customer.acc_code}
                      </span>
                    </p>
                    <p className="text-slate-600 dark:text-slate-300">
                      {customer.mobile_number} ·{' '}
                      {[customer.address, customer.city].filter(Boolean).join(', ')}
                    </p>
                  </div>
                ) : (
                  <p className="text-slate-600 dark:text-slate-300">{t('noCustomer')}</p>
                )}
              </div>
              <div className="mt-4 grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
                <SelectField
                  id={ids.scheme}
                  label={t('scheme')}
                  disabled={!customer}
                  title={customer ? undefined : t('loadCustomerFirst')}
                  value={state.schemeId}
                  error={errors.scheme_id}
                  onChange={(e) => {
                    set({ schemeId: e.target.value });
                    clearError('scheme_id');
                  }}
                >
                  <option value="">{schemes.isPending ? t('loadingSchemes') : t('selectScheme')}</option>
                  {offered.map((s) => (
                    <option key={s.id} value={s.id}>
                      {t('schemeOption', {
                        name: s.scheme_name,
                        rate: String(s.interest_rate_monthly),
                        duration: String(s.duration),
                      })}
                    </option>
                  ))}
                </SelectField>
                <DateField
                  label={t('pledgeDate')}
                  max={today}
                  value={state.pledgeDate}
                  error={errors.pledge_date}
                  onChange={(e) => {
                    set({ pledgeDate: e.target.value });
                    clearError('pledge_date', 'due_date');
                  }}
                />
                <TextField
                  id={ids.due}
                  label={t('dueDate')}
                  readOnly
                  tabIndex={-1}
                  value={quote ? formatIndianDate(quote.dueDate) : ''}
                  placeholder={t('fromScheme')}
                  error={errors.due_date}
                />
              </div>
              {isEdit ? (
                <div className="mt-4 grid gap-4 md:grid-cols-3">
                  <SelectField
                    id={ids.status}
                    label={t('status')}
                    value={state.status}
                    onChange={(e) => set({ status: e.target.value as PledgeStatus })}
                  >
                    {PLEDGE_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {s === 'active' ? ui('active') : ui('inactive')}
                      </option>
                    ))}
                  </SelectField>
                  <div className="md:mt-8">
                    <CheckboxField
                      label={t('moveToBank')}
                      checked={state.isMoveToBank}
                      readOnly
                      disabled
                      aria-describedby={`${ids.status}-bank-hint`}
                    />
                    <p
                      id={`${ids.status}-bank-hint`}
                      className="mt-1 text-xs text-slate-500 dark:text-slate-400"
                    >
                      {state.isMoveToBank ? t('bankHintAtBank') : t('bankHintInVault')}
                    </p>
                  </div>
                </div>
              ) : null}
            </section>

            {isEdit && customer ? (
              <section className={card} aria-labelledby={`${ids.customer}-details`}>
                <h2
                  id={`${ids.customer}-details`}
                  className="mb-4 text-lg font-bold text-navy-700 dark:text-white"
                >
                  {t('customerDetails')}
                </h2>
                <div className="grid gap-4 md:grid-cols-3">
                  {CUSTOMER_DETAIL_FIELDS.map(([field, label, maxLength]) => (
                    <TextField
                      key={field}
                      label={t(label)}
                      maxLength={maxLength}
                      value={state.details[field]}
                      error={detailErrors[field]}
                      onChange={(e) => {
                        set({ details: { ...state.details, [field]: e.target.value } });
                        setDetailErrors((d) => ({ ...d, [field]: undefined }));
                      }}
                    />
                  ))}
                </div>
              </section>
            ) : null}

            <section className={card}>
              <PledgeItemTable
                rows={state.rows}
                ratePaise={terms?.ratePaise ?? null}
                canAdd={canAdd}
                addTitle={addTitle}
                rowErrors={rowErrors}
                onChange={changeRow}
                onAdd={addRow}
                onRemove={removeRow}
                info={
                  <p
                    className="text-sm text-slate-600 dark:text-slate-300"
                    aria-live="polite"
                    data-testid="rate-line"
                  >
                    {noRate !== null ? (
                      <span role="alert" className="font-medium text-red-600 dark:text-red-400">
                        {messageText(noRate)}
                      </span>
                    ) : terms && keepsOwnTerms ? (
                      t('rateKept', { rate: formatRupees(terms.ratePaise) })
                    ) : terms && rate ? (
                      t('rateOf', { rate: formatRupees(terms.ratePaise), basis: basisText(rate) })
                    ) : scheme && valuation.isPending ? (
                      t('loadingRate')
                    ) : (
                      t('chooseSchemeForRate')
                    )}
                  </p>
                }
              />
            </section>
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
              isSaving || cashLimit.verdict === 'block' || drawerPayout.blocked || licenceBlock !== null
            }
            aria-describedby={licenceBlock ? ids.licence : undefined}
          >
            {isSaving ? t('saving') : isEdit ? t('updatePledge') : t('savePledge')}
          </Button>
        </div>

        {saved ? <SavedPledgeDialog pledge={saved} onClose={() => setSaved(null)} /> : null}
        {leaveGuard.dialog}
      </form>
      {/* Outside the pledge form: React events bubble through a portal, and the customer form's submit
        and Enter keys must not reach this form's handlers. */}
      {registering !== null && NewCustomerDialog ? (
        <NewCustomerDialog
          initialName={registering}
          onRegistered={onRegistered}
          onClose={() => setRegistering(null)}
        />
      ) : null}
    </>
  );
}
