import {
  businessToday,
  formatIndianDate,
  formatRupees,
  isPlainDate,
  type PaymentType,
  type PledgePaymentSaved,
  paiseToRupees,
  pledgePaymentSchema,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { DateField, FormError, SelectField } from '@/components/ui/form-field';
import { uiText } from '@/components/ui/i18n';
import { MoneyInput } from '@/components/ui/money-input';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toasts';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { useUnsavedChanges } from '@/components/ui/use-unsaved-changes';
import { AdminApprovalFields } from '@/features/payments/approval/admin-approval-fields';
import {
  idempotencyBody,
  isApproverField,
  useAdminApproval,
} from '@/features/payments/approval/use-admin-approval';
import { saysPledgeChanged } from '@/features/payments/pledge-changed';
import { ApiError } from '@/lib/api-client';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { idFrom } from '@/lib/ids';
import { useIdempotentSubmit } from '@/lib/use-idempotent-submit';
import { useCashSettings } from '@/shared/api/cash-settings';
import type { CustomerMatch } from '@/shared/api/search-customers';
import { CashLimitControl, checkCashLimit } from '@/shared/cash-limit/cash-limit-control';
import { CustomerPicker } from '@/shared/pickers/customer-picker';
import {
  usePaymentPledge,
  usePendingPledges,
  usePledgeBalance,
  usePledgePayments,
  useRefreshPaymentFigures,
  useSavePledgePayment,
} from '../api/single-payment-api';
import { singlePaymentText } from '../i18n';
import {
  cashReceivedOf,
  emptyPaymentForm,
  moneyPaiseOf,
  type PaymentFormState,
  paymentRequestOf,
  previewBalance,
  SINGLE_PAYMENT_METHODS,
  SINGLE_PAYMENT_TYPES,
  type SinglePaymentMethod,
  shownAmountText,
  splitOf,
  validatePaymentForm,
  withPaymentType,
} from '../payment-form-model';
import { PaymentHistory } from './payment-history';
import { PaymentSummary } from './payment-summary';

const card = 'rounded-2xl bg-white p-5 shadow-sm dark:bg-navy-800';
const labelClass = 'mb-1.5 block text-sm font-medium text-navy-700 dark:text-white';
const moneyInputClass =
  'block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-sm text-navy-700 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 read-only:bg-slate-50 dark:border-navy-600 dark:bg-navy-900 dark:text-white dark:read-only:bg-navy-900/60';
const readOnlyClass =
  'block w-full rounded-xl border border-slate-200 bg-slate-50 px-3.5 py-2.5 text-right text-sm font-semibold text-navy-700 tabular-nums dark:border-navy-600 dark:bg-navy-900/60 dark:text-white';

/** Fields a 422 may name that the form shows a message under. */
const FORM_FIELDS = [
  'customer_id',
  'pledge_id',
  'payment_type',
  'payment_date',
  'amount',
  'interest_amount',
  'principal_amount',
  'penalty_amount',
  'discount_amount',
  'payment_method',
  'bank_reference',
  'remarks',
  'receipt_no',
  'cash_limit_confirmed',
] as const;

/** Which fields a change of each form value makes stale. */
const CLEARS: Partial<Record<keyof PaymentFormState, readonly string[]>> = {
  paymentType: ['payment_type', 'amount', 'interest_amount', 'principal_amount'],
  paymentDate: ['payment_date', 'amount', 'payment_type'],
  amountText: ['amount', 'interest_amount', 'principal_amount', 'discount_amount', 'cash_limit_confirmed'],
  penaltyText: ['penalty_amount', 'discount_amount', 'cash_limit_confirmed'],
  discountText: ['discount_amount', 'cash_limit_confirmed'],
  paymentMethod: ['payment_method', 'bank_reference', 'cash_limit_confirmed'],
  cashLimitConfirmed: ['cash_limit_confirmed'],
  bankReference: ['bank_reference'],
  remarks: ['remarks'],
  receiptNo: ['receipt_no'],
};

/**
 * The Single Pledge Payment screen (pledges-and-payments §2.4, §4, §5, §8): a customer, one of their
 * payable pledges, the server's balance on the payment date, the payment form checked by the domain's
 * `validatePayment`, and the pledge's payment history.
 */
export function SinglePaymentForm() {
  const t = useT(singlePaymentText);
  const ui = useT(uiText);
  const messageText = useMessageText();
  const { showToast } = useToast();
  const [searchParams, setSearchParams] = useSearchParams();
  const today = businessToday();
  const ids = {
    pledge: useId(),
    type: useId(),
    method: useId(),
    amount: useId(),
    interest: useId(),
    principal: useId(),
    penalty: useId(),
    discount: useId(),
    cash: useId(),
    title: useId(),
  };

  const [customer, setCustomer] = useState<CustomerMatch | null>(null);
  const [pledgeId, setPledgeId] = useState<number | null>(() => idFrom(searchParams.get('pledge_id')));
  const [form, setForm] = useState<PaymentFormState>(() => emptyPaymentForm(today));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [unplaced, setUnplaced] = useState<string | null>(null);
  const [saved, setSaved] = useState<PledgePaymentSaved | null>(null);
  const submission = useIdempotentSubmit();
  // Ask before leaving a typed payment (a saved one empties the form).
  const leaveGuard = useUnsavedChanges(JSON.stringify(form) !== JSON.stringify(emptyPaymentForm(today)));

  const pledge = usePaymentPledge(pledgeId);
  // A pledge link (?pledge_id=) brings its customer with it.
  const shownCustomer: CustomerMatch | null =
    customer ??
    (pledge.data
      ? { id: pledge.data.customer_id, name: pledge.data.customer_name, phone: pledge.data.customer_mobile }
      : null);
  const pending = usePendingPledges(shownCustomer?.id ?? null);
  const dateOk = isPlainDate(form.paymentDate) && form.paymentDate <= today;
  const balanceQuery = usePledgeBalance(pledgeId, dateOk ? form.paymentDate : null);
  const history = usePledgePayments(pledgeId);
  const save = useSavePledgePayment();
  const refreshFigures = useRefreshPaymentFigures();
  const cashSettings = useCashSettings();
  // A clerk's discount or penalty above the branch's threshold needs an admin.
  const approval = useAdminApproval({
    discountPaise: moneyPaiseOf(form.discountText),
    penaltyPaise: moneyPaiseOf(form.penaltyText),
  });

  // The server's figures for the date on the form; anything else is at most a preview.
  const serverBalance =
    balanceQuery.data && !balanceQuery.isPlaceholderData && balanceQuery.data.as_of === form.paymentDate
      ? balanceQuery.data
      : null;
  const preview =
    !serverBalance && dateOk && pledge.data && history.data
      ? previewBalance(pledge.data, history.data, form.paymentDate)
      : null;
  const shownBalance = serverBalance ?? preview ?? (pledgeId !== null ? (balanceQuery.data ?? null) : null);
  const isPayable = serverBalance ? serverBalance.is_payable : true;
  const waitingForBalance = pledgeId !== null && dateOk && !serverBalance && !balanceQuery.isError;

  const update = <K extends keyof PaymentFormState>(key: K, value: PaymentFormState[K]) => {
    setForm((f) =>
      key === 'paymentType' ? withPaymentType(f, value as PaymentType | '') : { ...f, [key]: value },
    );
    const stale = CLEARS[key] ?? [];
    setErrors((e) => {
      const next = { ...e };
      for (const field of stale) delete next[field];
      return next;
    });
  };

  const startOver = (nextPledgeId: number | null) => {
    setPledgeId(nextPledgeId);
    approval.reset();
    setForm(emptyPaymentForm(businessToday()));
    setErrors({});
    setUnplaced(null);
    setSaved(null);
    submission.reset();
    setSearchParams(nextPledgeId === null ? {} : { pledge_id: String(nextPledgeId) }, { replace: true });
  };

  const pickCustomer = (match: CustomerMatch | null) => {
    setCustomer(match);
    startOver(null);
  };

  const pickPledge = (value: string) => startOver(idFrom(value));

  const split = splitOf(form, shownBalance);
  const amountText = shownAmountText(form, serverBalance ?? shownBalance);
  const cashPaise = cashReceivedOf(form, serverBalance ?? shownBalance);
  // The net cash received against the company's limit.
  const cashLimit = checkCashLimit({
    amountPaise: cashPaise,
    method: form.paymentMethod,
    settings: cashSettings.data,
    confirmed: form.cashLimitConfirmed,
    what: 'receipt',
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending || waitingForBalance) return;
    const found = validatePaymentForm({
      state: form,
      customerId: shownCustomer?.id ?? null,
      pledgeId,
      balance: serverBalance,
      pledgeDate: pledge.data?.pledge_date ?? null,
      today,
    });
    setUnplaced(null);
    if (cashLimit.verdict === 'block') found.payment_method ??= cashLimit.message ?? '';
    if (cashLimit.verdict === 'confirm') found.cash_limit_confirmed ??= cashLimit.message ?? '';
    const isApproverReady = approval.check();
    if (Object.keys(found).length > 0 || !isApproverReady || pledgeId === null || !serverBalance) {
      setErrors(found);
      showToast({
        type: 'error',
        title: t('validationTitle'),
        message: t('validation'),
      });
      return;
    }
    const approver = approval.body();
    const body = { ...paymentRequestOf(form, pledgeId, serverBalance), ...(approver ? { approver } : {}) };
    const parsed = pledgePaymentSchema.safeParse(body);
    if (!parsed.success) {
      const messages: Record<string, string> = {};
      for (const issue of parsed.error.issues) messages[String(issue.path[0] ?? '')] ??= issue.message;
      setErrors(messages);
      showToast({
        type: 'error',
        title: t('validationTitle'),
        message: t('validation'),
      });
      return;
    }
    // The same payment sent again (a retry after a lost answer) keeps its key; a changed one gets a new one.
    const isSent = submission.send(
      idempotencyBody(body),
      (idempotencyKey) => save.mutateAsync({ values: body, idempotencyKey }),
      {
        onSuccess: (payment) => {
          approval.settle();
          showToast({ type: 'success', title: t('success'), message: t('saved') });
          setForm(emptyPaymentForm(businessToday()));
          setErrors({});
          setSaved(payment);
        },
        onError: (error) => {
          // Another counter may have paid on this pledge: its balance and history show why.
          if (saysPledgeChanged(error)) void refreshFigures();
          // The password is gone after any answer; a refusal of the approver stands under its fields.
          const isApproverRefused = approval.settle(error);
          if (error instanceof ApiError && error.status === 422 && error.fieldErrors.length > 0) {
            const messages = error.fieldMessages();
            const placed: Record<string, string> = {};
            const rest: string[] = [];
            for (const [field, message] of Object.entries(messages)) {
              if (isApproverField(field)) continue;
              if ((FORM_FIELDS as readonly string[]).includes(field)) placed[field] = message;
              else rest.push(message);
            }
            setErrors(placed);
            setUnplaced(rest.length > 0 ? rest.join(' ') : null);
            showToast({
              type: 'error',
              title: t('validationTitle'),
              message: t('validation'),
            });
            return;
          }
          if (error instanceof ApiError && error.status === 409) {
            showToast({
              type: 'error',
              title: ui('error'),
              message: errorMessage(error, t('failed')),
            });
            return;
          }
          showToast({
            type: 'error',
            title: ui('error'),
            message: isApproverRefused ? errorMessage(error, t('failed')) : t('failed'),
          });
        },
      },
    );
    if (isSent) setErrors({});
  };

  // Enter in a field never sends money by accident; Submit Payment is pressed on purpose.
  const onFormKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.defaultPrevented) return;
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) event.preventDefault();
  };

  const pendingPledges = pending.data?.pledges ?? [];
  const selectedIsListed = pendingPledges.some((p) => p.pledge_id === pledgeId);
  const needsReference = form.paymentMethod !== '' && form.paymentMethod !== 'cash';
  const isLocked = form.paymentType === 'full_payment';
  const pledgeError =
    errors.pledge_id ??
    (pending.isError ? t('loadPledgesFailed') : undefined) ??
    (pledge.isError ? t('loadPledgeFailed') : undefined);

  return (
    <div className="space-y-5">
      <form
        noValidate
        onSubmit={onSubmit}
        onKeyDown={onFormKeyDown}
        className="space-y-5"
        aria-labelledby={ids.title}
      >
        <h2 id={ids.title} className="sr-only">
          {t('title')}
        </h2>
        <section className={card} aria-label={t('customerAndPledge')}>
          <div className="grid gap-4 md:grid-cols-2">
            <CustomerPicker
              label={t('customer')}
              value={shownCustomer}
              onChange={pickCustomer}
              error={errors.customer_id}
            />
            <SelectField
              id={ids.pledge}
              label={t('pledge')}
              value={pledgeId === null ? '' : String(pledgeId)}
              disabled={!shownCustomer}
              title={shownCustomer ? undefined : t('chooseCustomerFirst')}
              error={pledgeError}
              onChange={(e) => pickPledge(e.target.value)}
            >
              <option value="">
                {!shownCustomer
                  ? t('chooseCustomerFirst')
                  : pending.isPending
                    ? t('loadingPledges')
                    : pendingPledges.length === 0
                      ? t('noPendingPledges')
                      : t('selectPledge')}
              </option>
              {pendingPledges.map((p) => (
                <option key={p.pledge_id} value={p.pledge_id}>
                  {t('pledgeOption', {
                    number: p.pledge_no,
                    date: formatIndianDate(p.pledge_date),
                    amount: formatRupees(rupeesToPaise(p.total_outstanding)),
                  })}
                </option>
              ))}
              {pledgeId !== null && !selectedIsListed && pledge.data ? (
                <option value={pledgeId}>
                  {t('pledgeNotPending', {
                    number: pledge.data.pledge_no,
                    date: formatIndianDate(pledge.data.pledge_date),
                  })}
                </option>
              ) : null}
            </SelectField>
          </div>
        </section>

        {pledgeId !== null ? (
          <PaymentSummary
            pledge={pledge.data}
            balance={shownBalance}
            isPreview={!serverBalance && shownBalance !== null}
            error={balanceQuery.isError ? errorMessage(balanceQuery.error, t('loadPledgeFailed')) : null}
          />
        ) : null}

        <section className={card} aria-labelledby={`${ids.type}-title`}>
          <h2 id={`${ids.type}-title`} className="mb-4 text-lg font-bold text-navy-700 dark:text-white">
            {t('paymentDetails')}
          </h2>
          {!isPayable ? (
            <p
              role="alert"
              className="mb-4 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
            >
              {t('closedPledge')}
            </p>
          ) : null}
          <FormError message={unplaced} className="mb-4" />
          <div className="grid gap-4 md:grid-cols-3">
            <SelectField
              id={ids.type}
              label={t('paymentType')}
              value={form.paymentType}
              error={errors.payment_type}
              onChange={(e) => update('paymentType', e.target.value as PaymentType | '')}
            >
              <option value="">{t('selectPaymentType')}</option>
              {SINGLE_PAYMENT_TYPES.map((type) => (
                <option key={type.value} value={type.value}>
                  {t(type.label)}
                </option>
              ))}
            </SelectField>
            <DateField
              label={t('paymentDate')}
              max={today}
              {...(pledge.data ? { min: pledge.data.pledge_date } : {})}
              value={form.paymentDate}
              error={errors.payment_date}
              onChange={(e) => update('paymentDate', e.target.value)}
            />
            <div>
              <label htmlFor={ids.amount} className={labelClass}>
                {t('amount')}
              </label>
              <MoneyInput
                id={ids.amount}
                className={moneyInputClass}
                placeholder={isLocked ? t('fromOutstanding') : '0.00'}
                value={amountText}
                readOnly={isLocked}
                aria-readonly={isLocked || undefined}
                title={isLocked ? t('fullCloseTitle') : undefined}
                error={errors.amount}
                onChange={(e) => update('amountText', e.target.value)}
              />
              {isLocked && !errors.amount ? (
                <p className="mt-1 text-xs text-slate-500 dark:text-slate-400" data-testid="amount-locked">
                  {t('amountLocked')}
                </p>
              ) : null}
            </div>
            <div>
              <label htmlFor={ids.interest} className={labelClass}>
                {t('interestAmount')}
              </label>
              <input
                id={ids.interest}
                readOnly
                tabIndex={-1}
                className={readOnlyClass}
                value={split ? paiseToRupees(split.interestPaise).toFixed(2) : ''}
                placeholder="—"
                aria-invalid={errors.interest_amount ? true : undefined}
              />
              {errors.interest_amount ? (
                <p className="mt-1 text-sm text-red-600 dark:text-red-400">
                  {messageText(errors.interest_amount)}
                </p>
              ) : null}
            </div>
            <div>
              <label htmlFor={ids.principal} className={labelClass}>
                {t('principalAmount')}
              </label>
              <input
                id={ids.principal}
                readOnly
                tabIndex={-1}
                className={readOnlyClass}
                value={split ? paiseToRupees(split.principalPaise).toFixed(2) : ''}
                placeholder="—"
                aria-invalid={errors.principal_amount ? true : undefined}
              />
              {errors.principal_amount ? (
                <p className="mt-1 text-sm text-red-600 dark:text-red-400">
                  {messageText(errors.principal_amount)}
                </p>
              ) : null}
            </div>
            <div className="hidden md:block" />
            <div>
              <label htmlFor={ids.penalty} className={labelClass}>
                {t('penaltyAmount')}
              </label>
              <MoneyInput
                id={ids.penalty}
                className={moneyInputClass}
                placeholder="0.00"
                value={form.penaltyText}
                error={errors.penalty_amount}
                onChange={(e) => update('penaltyText', e.target.value)}
              />
            </div>
            <div>
              <label htmlFor={ids.discount} className={labelClass}>
                {t('discountAmount')}
              </label>
              <MoneyInput
                id={ids.discount}
                className={moneyInputClass}
                placeholder="0.00"
                value={form.discountText}
                error={errors.discount_amount}
                onChange={(e) => update('discountText', e.target.value)}
              />
            </div>
            <div className="hidden md:block" />
            <AdminApprovalFields approval={approval} className="md:col-span-3" />
            <SelectField
              id={ids.method}
              label={t('paymentMethod')}
              value={form.paymentMethod}
              error={errors.payment_method}
              onChange={(e) => update('paymentMethod', e.target.value as SinglePaymentMethod | '')}
            >
              <option value="">{t('selectPaymentMethod')}</option>
              {SINGLE_PAYMENT_METHODS.map((m) => (
                <option key={m.value} value={m.value}>
                  {t(m.label)}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t('bankReference')}
              maxLength={100}
              autoComplete="off"
              disabled={!needsReference}
              aria-required={needsReference || undefined}
              placeholder={needsReference ? t('referenceRequired') : t('referenceNotNeeded')}
              value={needsReference ? form.bankReference : ''}
              error={errors.bank_reference}
              onChange={(e) => update('bankReference', e.target.value)}
            />
            <TextField
              label={t('receiptNumber')}
              maxLength={50}
              autoComplete="off"
              placeholder={t('receiptPlaceholder')}
              value={form.receiptNo}
              error={errors.receipt_no}
              onChange={(e) => update('receiptNo', e.target.value)}
            />
            <TextField
              label={t('remarks')}
              className="md:col-span-3"
              maxLength={1000}
              value={form.remarks}
              error={errors.remarks}
              onChange={(e) => update('remarks', e.target.value)}
            />
            <CashLimitControl
              className="md:col-span-3"
              check={cashLimit}
              confirmed={form.cashLimitConfirmed}
              onConfirmedChange={(checked) => update('cashLimitConfirmed', checked)}
              error={errors.cash_limit_confirmed}
            />
          </div>

          <div className="mt-5 flex flex-wrap items-center justify-between gap-4 border-t border-slate-100 pt-4 dark:border-navy-700">
            <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
              <span id={ids.cash}>{t('cashReceived')}</span> {t('cashFormula')}{' '}
              <strong
                className="text-base text-navy-700 tabular-nums dark:text-white"
                data-testid="cash-received"
                aria-describedby={ids.cash}
              >
                {formatRupees(cashPaise)}
              </strong>
            </p>
            <Button
              type="submit"
              disabled={save.isPending || waitingForBalance || !isPayable || cashLimit.verdict === 'block'}
            >
              {save.isPending ? t('saving') : waitingForBalance ? t('loadingBalance') : t('submit')}
            </Button>
          </div>
        </section>
      </form>
      {leaveGuard.dialog}

      {saved ? (
        <section
          aria-label={t('savedPayment')}
          className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-emerald-50 px-5 py-4 text-sm text-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-200"
          data-testid="saved-payment"
        >
          <p>
            {t.rich(saved.closed_pledge ? 'savedClosed' : 'savedBalance', {
              // A key: the part stands in a list (React warns of an element without one).
              b: (chunks) => (
                <strong key="receipt" className="font-mono">
                  {chunks}
                </strong>
              ),
              receipt: saved.receipt_no,
              amount: formatRupees(rupeesToPaise(saved.amount)),
              pledge: saved.pledge_no,
              balance: formatRupees(rupeesToPaise(saved.balance_amount)),
            })}
          </p>
          <Link
            to={`/pledge/receipt/${saved.receipt_id}`}
            className="rounded-xl bg-brand-500 px-4 py-2 font-semibold text-white hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            {t('printReceipt')}
          </Link>
        </section>
      ) : null}

      {pledgeId !== null ? (
        <PaymentHistory
          payments={history.data}
          isLoading={history.isPending}
          isError={history.isError}
          onRetry={() => void history.refetch()}
        />
      ) : null}
    </div>
  );
}
