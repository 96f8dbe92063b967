import {
  businessToday,
  formatIndianDate,
  formatRupees,
  PAYMENT_MESSAGES,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DateField, SelectField } from '@/components/ui/form-field';
import { MoneyInput, moneyTextError, readMoneyText } from '@/components/ui/money-input';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toasts';
import { errorMessage } from '@/components/ui/use-crud-toasts';
import { useUnsavedChanges } from '@/components/ui/use-unsaved-changes';
import type { Translate } from '@/lib/i18n/catalogue';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useIdempotentSubmit } from '@/lib/use-idempotent-submit';
import { useCashSettings } from '@/shared/api/cash-settings';
import type { CustomerMatch } from '@/shared/api/search-customers';
import { CashLimitControl, checkCashLimit } from '@/shared/cash-limit/cash-limit-control';
import { CustomerPicker } from '@/shared/pickers/customer-picker';
import { usePendingPledges, useSubmitMultiplePayment } from '../api/multiple-payment-api';
import { keepEnterFromSubmitting, serverFieldErrors, VALIDATION_TOAST } from '../components/payment-errors';
import { type MultiplePaymentKey, multiplePaymentText } from '../i18n';
import {
  autoAllocateSinglePayment,
  checkPayment,
  type PaymentDetails,
  paiseText,
  placeMessages,
  type QuickAmount,
  quickAmountPaise,
  requestOf,
  type SinglePaymentRow,
  singlePaymentAllocatedPaise,
  singlePaymentAllocationError,
  singlePaymentParts,
  singlePaymentRowOf,
  singlePaymentType,
  totalOutstandingPaise,
} from '../payment-rows';

const card = 'rounded-2xl bg-white p-5 shadow-sm dark:bg-navy-800';
const rupees = (r: number) => formatRupees(rupeesToPaise(r));
const inputClass =
  'block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-sm text-navy-700 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:border-navy-600 dark:bg-navy-900 dark:text-white';

/** Single payment and Multiple Pledge Single Payment offer cash, bank and online (spec §9). */
const METHODS = [
  ['cash', 'methodCash'],
  ['bank', 'methodBank'],
  ['online', 'methodOnline'],
] as const satisfies readonly (readonly [string, MultiplePaymentKey])[];

const TYPE_LABELS = {
  interest: 'typeInterest',
  partial_principal: 'typePartialPrincipal',
  full_payment: 'typeFullClose',
} as const satisfies Record<string, MultiplePaymentKey>;

/**
 * /pledge/multiple-payment, 'Multiple Pledge Single Payment' (pledges-and-payments §2.5, §4, §5 v1,
 * §8): one amount shared over several pledges, by hand or by Auto Allocate. The allocation goes to the
 * server in one request (one receipt, all or nothing), each part split interest first; the server
 * decides each part's type. The old one-request-per-pledge loop is gone.
 */
export function MultiplePledgeSinglePaymentPage() {
  const { showToast } = useToast();
  const t = useT(multiplePaymentText);
  const messageText = useMessageText();
  const [customer, setCustomer] = useState<CustomerMatch | null>(null);
  const pending = usePendingPledges(customer?.id ?? null);
  const submit = useSubmitMultiplePayment();
  const submission = useIdempotentSubmit();
  const ids = { total: useId(), method: useId(), bank: useId() };

  const [rows, setRows] = useState<SinglePaymentRow[]>([]);
  const [totalText, setTotalText] = useState('');
  const [method, setMethod] = useState('');
  const [date, setDate] = useState(businessToday);
  const [bankReference, setBankReference] = useState('');
  const [remarks, setRemarks] = useState('');
  const [rowErrors, setRowErrors] = useState<Map<number, Record<string, string>>>(new Map());
  const [topErrors, setTopErrors] = useState<Record<string, string>>({});
  const [lastReceipt, setLastReceipt] = useState<{ id: number; no: string } | null>(null);
  const [cashConfirmed, setCashConfirmed] = useState(false);
  // Ask before leaving with a pledge selected or an amount typed (a payment clears them).
  const leaveGuard = useUnsavedChanges(
    rows.some((r) => r.selected || r.allocatedText.trim() !== '') ||
      [totalText, bankReference, remarks].some((text) => text.trim() !== ''),
  );
  const cashSettings = useCashSettings();

  useEffect(() => {
    setRows(pending.data ? pending.data.pledges.map(singlePaymentRowOf) : []);
  }, [pending.data]);
  useEffect(() => {
    if (pending.isError)
      showToast({ type: 'error', title: t('error'), message: t('singlePaymentLoadPending') });
  }, [pending.isError, showToast, t]);

  const selected = rows.filter((r) => r.selected);
  const totalAllocated = useMemo(() => rows.reduce((s, r) => s + singlePaymentAllocatedPaise(r), 0), [rows]);
  const totalRead = readMoneyText(totalText);
  const totalPaise = 'error' in totalRead ? 0 : (totalRead.paise ?? 0);
  const hasBadText = rows.some((r) => r.selected && singlePaymentAllocationError(r) !== null);
  // The cash received on one receipt against the company's limit.
  const cashLimit = checkCashLimit({
    amountPaise: totalAllocated,
    method,
    settings: cashSettings.data,
    confirmed: cashConfirmed,
    what: 'receipt',
  });
  const canSubmit =
    !submit.isPending && method !== '' && totalAllocated > 0 && !hasBadText && cashLimit.verdict !== 'block';
  const blocked =
    totalAllocated <= 0
      ? PAYMENT_MESSAGES.selectPledgeWithAmount
      : method === ''
        ? PAYMENT_MESSAGES.paymentMethod
        : null;

  const changeRow = (pledgeId: number, patch: Partial<SinglePaymentRow>) => {
    setRows((all) => all.map((r) => (r.pledge.pledge_id === pledgeId ? { ...r, ...patch } : r)));
    setRowErrors((m) => {
      if (!m.has(pledgeId)) return m;
      const next = new Map(m);
      next.delete(pledgeId);
      return next;
    });
    setTopErrors((e) => {
      const { total_payment_amount: _t, pledge_payments: _p, ...rest } = e;
      return rest;
    });
  };

  const pickCustomer = (match: CustomerMatch | null) => {
    // The rows follow the pending pledges read for the customer (the effect above), never cleared here:
    // picking the same customer again keeps the same answer, and the rows must stay.
    setCustomer(match);
    setRowErrors(new Map());
    setTopErrors({});
    submission.reset();
  };

  const autoAllocate = () => {
    const { rows: next, unallocatedPaise } = autoAllocateSinglePayment(rows, totalPaise);
    setRows(next);
    setRowErrors(new Map());
    if (unallocatedPaise > 0) {
      showToast({
        type: 'info',
        title: t('autoAllocate'),
        message: t('notAllocated', { amount: formatRupees(unallocatedPaise) }),
      });
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending || !customer) return;
    const sent = singlePaymentParts(rows);
    if (sent.length === 0) {
      showToast({ type: 'error', title: t('error'), message: PAYMENT_MESSAGES.selectPledgeWithAmount });
      return;
    }
    if (method === '') {
      setTopErrors({ payment_method: PAYMENT_MESSAGES.paymentMethod });
      showToast({ type: 'error', title: t('error'), message: PAYMENT_MESSAGES.paymentMethod });
      return;
    }
    if (cashLimit.verdict === 'confirm') {
      setTopErrors({ cash_limit_confirmed: cashLimit.message ?? '' });
      showToast(VALIDATION_TOAST);
      return;
    }
    const details: PaymentDetails = {
      customerId: customer.id,
      paymentMethod: method,
      paymentDate: date,
      bankReference,
      generalRemarks: remarks,
      cashLimitConfirmed: cashConfirmed,
    };
    const sentIds = sent.map((s) => s.part.pledgeId);
    const showMessages = (messages: Parameters<typeof placeMessages>[0]) => {
      const placed = placeMessages(messages, sentIds);
      setRowErrors(placed.rows);
      setTopErrors(placed.top);
    };
    const problems = checkPayment(
      details,
      sent.map((s) => s.part),
      pending.data?.pledges ?? [],
    );
    if (problems.length > 0) {
      showMessages(problems);
      showToast(VALIDATION_TOAST);
      return;
    }
    const body = requestOf(
      details,
      sent.map(({ part }) => ({ part })),
    );
    submission.send(body, (idempotencyKey) => submit.mutateAsync({ body, idempotencyKey }), {
      onSuccess: (saved) => {
        setRowErrors(new Map());
        setTopErrors({});
        setRows((all) => all.map((r) => ({ ...r, selected: false, allocatedText: '' })));
        setTotalText('');
        setBankReference('');
        setRemarks('');
        setCashConfirmed(false);
        setLastReceipt({ id: saved.receipt_id, no: saved.receipt_no });
        showToast({
          type: 'success',
          title: t('success'),
          message: t('singlePaymentSuccess', {
            count: saved.pledge_results.length,
            total: formatRupees(rupeesToPaise(saved.total_amount_paid)),
          }),
        });
      },
      onError: (error) => {
        const fieldErrors = serverFieldErrors(error);
        if (fieldErrors.length > 0) {
          showMessages(fieldErrors);
          showToast(VALIDATION_TOAST);
        } else {
          showToast({
            type: 'error',
            title: t('error'),
            message: errorMessage(error, t('singlePaymentFailed')),
          });
        }
      },
    });
  };

  const pledges = pending.data?.pledges ?? [];
  const errorText = (message: string | null | undefined) => (message ? messageText(message) : message);
  const topMessages = Object.entries(topErrors).filter(
    ([f]) =>
      ![
        'payment_method',
        'payment_date',
        'bank_reference',
        'general_remarks',
        'cash_limit_confirmed',
      ].includes(f),
  );

  return (
    <form className="space-y-5" onSubmit={onSubmit} onKeyDown={keepEnterFromSubmitting} noValidate>
      <div className="flex justify-end">
        <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="header-total">
          {t('totalAllocated')}{' '}
          <strong className="text-lg text-navy-700 tabular-nums dark:text-white">
            {hasBadText ? '—' : formatRupees(totalAllocated)}
          </strong>
        </p>
      </div>

      {lastReceipt ? (
        <p className="flex flex-wrap items-center gap-3 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200">
          {t('receiptSaved', { receipt: lastReceipt.no })}
          <Link
            to={`/pledge/receipt/${lastReceipt.id}`}
            className="font-semibold underline underline-offset-2"
          >
            {t('printReceipt')}
          </Link>
        </p>
      ) : null}

      <section className={card} aria-label={t('customerAndAmount')}>
        <div className="grid items-end gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto_auto]">
          <CustomerPicker label={t('searchCustomer')} value={customer} onChange={pickCustomer} />
          <div>
            <label
              htmlFor={ids.total}
              className="mb-1.5 block text-sm font-medium text-navy-700 dark:text-white"
            >
              {t('totalPaymentAmount')}
            </label>
            <MoneyInput
              id={ids.total}
              className={inputClass}
              value={totalText}
              placeholder="0.00"
              error={errorText(moneyTextError(totalText))}
              onChange={(e) => setTotalText(e.target.value)}
            />
          </div>
          <Button
            variant="secondary"
            disabled={selected.length === 0 || totalPaise <= 0}
            onClick={autoAllocate}
          >
            {t('autoAllocate')}
          </Button>
          <p className="pb-2.5 text-sm text-slate-600 dark:text-slate-300" data-testid="selected-count">
            {t('selected')} <strong>{selected.length}</strong>
          </p>
        </div>
      </section>

      {customer ? (
        <section className={card} aria-label={t('pendingPledgesRegion')}>
          <h2 className="mb-3 text-lg font-semibold text-navy-700 dark:text-white">{t('pendingPledges')}</h2>
          {pending.isPending ? (
            <Spinner label={t('loadingPending')} />
          ) : pending.isError ? (
            <p role="alert" className="text-sm text-red-600">
              {t('singlePaymentLoadPending')}
            </p>
          ) : pledges.length === 0 ? (
            <p className="py-8 text-center text-sm text-slate-500 dark:text-slate-400">{t('noPending')}</p>
          ) : (
            <ul className="space-y-3">
              {rows.map((row) => (
                <PledgeCard
                  key={row.pledge.pledge_id}
                  row={row}
                  serverError={rowErrors.get(row.pledge.pledge_id)}
                  t={t}
                  errorText={errorText}
                  onChange={(patch) => changeRow(row.pledge.pledge_id, patch)}
                />
              ))}
            </ul>
          )}
        </section>
      ) : null}

      {selected.length > 0 ? (
        <section className={`${card} space-y-4`} aria-label={t('paymentDetailsRegion')}>
          <h2 className="text-lg font-semibold text-navy-700 dark:text-white">{t('paymentDetails')}</h2>
          <div className="grid gap-4 md:grid-cols-2">
            <DateField
              label={t('paymentDate')}
              value={date}
              max={businessToday()}
              error={topErrors.payment_date}
              onChange={(e) => {
                setDate(e.target.value);
                setTopErrors(({ payment_date: _, ...rest }) => rest);
              }}
            />
            <SelectField
              id={ids.method}
              label={t('paymentMethod')}
              value={method}
              error={topErrors.payment_method}
              onChange={(e) => {
                setMethod(e.target.value);
                setTopErrors(
                  ({ payment_method: _m, bank_reference: _b, cash_limit_confirmed: _c, ...rest }) => rest,
                );
              }}
            >
              <option value="">{t('selectPaymentMethod')}</option>
              {METHODS.map(([value, label]) => (
                <option key={value} value={value}>
                  {t(label)}
                </option>
              ))}
            </SelectField>
            <TextField
              id={ids.bank}
              label={t('bankReference')}
              value={bankReference}
              maxLength={100}
              error={topErrors.bank_reference}
              onChange={(e) => {
                setBankReference(e.target.value);
                setTopErrors(({ bank_reference: _, ...rest }) => rest);
              }}
            />
            <TextField
              label={t('remarks')}
              value={remarks}
              maxLength={1000}
              error={topErrors.general_remarks}
              onChange={(e) => setRemarks(e.target.value)}
            />
          </div>
          <CashLimitControl
            check={cashLimit}
            confirmed={cashConfirmed}
            onConfirmedChange={(checked) => {
              setCashConfirmed(checked);
              setTopErrors(({ cash_limit_confirmed: _, ...rest }) => rest);
            }}
            error={topErrors.cash_limit_confirmed}
          />
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4 dark:border-navy-600">
            <p className="text-base text-navy-700 dark:text-white" data-testid="footer-total">
              {t('total')}{' '}
              <strong className="tabular-nums">{hasBadText ? '—' : formatRupees(totalAllocated)}</strong>
            </p>
            <div className="flex flex-col items-end gap-1">
              <Button type="submit" disabled={!canSubmit}>
                {submit.isPending ? t('processing') : t('processPayment')}
              </Button>
              {blocked && !submit.isPending ? (
                <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="submit-hint">
                  {messageText(blocked)}
                </p>
              ) : null}
            </div>
          </div>
          {topMessages.map(([f, message]) => (
            <p key={f} role="alert" className="text-sm text-red-600 dark:text-red-400">
              {messageText(message)}
            </p>
          ))}
        </section>
      ) : null}
      {leaveGuard.dialog}
    </form>
  );
}

function PledgeCard({
  row,
  serverError,
  t,
  errorText,
  onChange,
}: {
  row: SinglePaymentRow;
  serverError: Record<string, string> | undefined;
  t: Translate<MultiplePaymentKey>;
  /** A message from the rules, the amount input or the server, in the interface's language. */
  errorText: (message: string | null | undefined) => string | null | undefined;
  onChange: (patch: Partial<SinglePaymentRow>) => void;
}) {
  const p = row.pledge;
  const no = p.pledge_no;
  const total = totalOutstandingPaise(p);
  const setQuick = (quick: QuickAmount) => onChange({ allocatedText: paiseText(quickAmountPaise(p, quick)) });
  const error =
    singlePaymentAllocationError(row) ??
    (serverError ? (serverError.payment_amount ?? Object.values(serverError)[0]) : undefined);
  const type = singlePaymentType(row);
  return (
    <li
      className={`rounded-xl border p-4 ${row.selected ? 'border-brand-300 bg-brand-50/40 dark:border-brand-500/50 dark:bg-navy-900/60' : 'border-slate-200 dark:border-navy-600'}`}
      data-testid={`pledge-${no}`}
    >
      <label className="flex flex-wrap items-center gap-x-6 gap-y-1 text-sm text-navy-700 dark:text-white">
        <input
          type="checkbox"
          className="size-4 accent-brand-500"
          checked={row.selected}
          aria-label={t('selectPledge', { number: no })}
          onChange={(e) => onChange({ selected: e.target.checked, allocatedText: '' })}
        />
        <span className="font-semibold">{no}</span>
        <span>{formatIndianDate(p.pledge_date)}</span>
        <span>
          {t('principal')} <span className="tabular-nums">{rupees(p.pledge_amount)}</span>
        </span>
        <span className="ml-auto">
          {t('totalOutstandingOfPledge')} <strong className="tabular-nums">{formatRupees(total)}</strong>
        </span>
      </label>
      {row.selected ? (
        <div className="mt-3 grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <dl className="grid grid-cols-2 gap-2 text-sm text-navy-700 dark:text-white">
            <Fact label={t('remainingPrincipal')} value={rupees(p.remaining_principal)} />
            <Fact label={t('remainingInterest')} value={rupees(p.remaining_interest)} />
            <Fact label={t('daysElapsed')} value={String(p.days_elapsed)} />
            <Fact label={t('minimumRequired')} value={rupees(p.remaining_interest)} />
          </dl>
          <div className="space-y-2">
            <label
              htmlFor={`allocated-${p.pledge_id}`}
              className="block text-sm font-medium text-navy-700 dark:text-white"
            >
              {t('allocatedAmount', { number: no })}
            </label>
            <MoneyInput
              id={`allocated-${p.pledge_id}`}
              className={inputClass}
              value={row.allocatedText}
              placeholder={t('allocatedPlaceholder', { max: paiseText(total) })}
              error={errorText(error)}
              onChange={(e) => onChange({ allocatedText: e.target.value })}
            />
            <div className="flex flex-wrap items-center gap-2">
              <Button variant="secondary" className="px-3! py-1.5!" onClick={() => setQuick('interest')}>
                {t('interestOnly')}
              </Button>
              <Button variant="secondary" className="px-3! py-1.5!" onClick={() => setQuick('half')}>
                50%
              </Button>
              <Button variant="secondary" className="px-3! py-1.5!" onClick={() => setQuick('full')}>
                {t('full')}
              </Button>
              {singlePaymentAllocatedPaise(row) > 0 && !error ? (
                <span
                  className="ml-auto text-xs text-slate-500 dark:text-slate-400"
                  data-testid={`type-${no}`}
                >
                  {t(TYPE_LABELS[type])}
                </span>
              ) : null}
            </div>
          </div>
        </div>
      ) : null}
    </li>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-navy-900">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
