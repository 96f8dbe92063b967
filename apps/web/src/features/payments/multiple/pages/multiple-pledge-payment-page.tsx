import {
  businessToday,
  formatIndianDate,
  formatRupees,
  type MultiplePaymentResult,
  PAYMENT_MESSAGES,
  type PendingPledge,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CheckboxField, DateField, SelectField } from '@/components/ui/form-field';
import { MoneyInput, moneyTextError } from '@/components/ui/money-input';
import { Spinner } from '@/components/ui/spinner';
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
import type { Translate } from '@/lib/i18n/catalogue';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useIdempotentSubmit } from '@/lib/use-idempotent-submit';
import { useCashSettings } from '@/shared/api/cash-settings';
import type { CustomerMatch } from '@/shared/api/search-customers';
import { CashLimitControl, checkCashLimit } from '@/shared/cash-limit/cash-limit-control';
import { CustomerPicker } from '@/shared/pickers/customer-picker';
import { usePaymentCustomer, usePendingPledges, useSubmitMultiplePayment } from '../api/multiple-payment-api';
import { AutoAllocateDialog } from '../components/auto-allocate-dialog';
import { CustomerCard } from '../components/customer-card';
import { keepEnterFromSubmitting, serverFieldErrors, VALIDATION_TOAST } from '../components/payment-errors';
import { PaymentResultDialog } from '../components/payment-result-dialog';
import { type MultiplePaymentKey, multiplePaymentText } from '../i18n';
import {
  autoAllocatePledgePayment,
  checkPayment,
  outstandingOf,
  type PaymentDetails,
  type PledgePaymentRow,
  payInterestOnlyRows,
  placeMessages,
  pledgePaymentHasBadText,
  pledgePaymentParts,
  pledgePaymentRowOf,
  pledgePaymentSplit,
  pledgePaymentTotals,
  requestOf,
  selectPledgePaymentRow,
  statusOf,
  toggleAllPledgePaymentRows,
  totalOutstandingPaise,
} from '../payment-rows';

const card = 'rounded-2xl bg-white p-5 shadow-sm dark:bg-navy-800';
const cell = 'px-2 py-2 align-top';
const smallInput =
  'block w-24 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-navy-700 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 disabled:bg-slate-100 disabled:text-slate-400 dark:border-navy-600 dark:bg-navy-900 dark:text-white dark:disabled:bg-navy-800';
const rupees = (r: number) => formatRupees(rupeesToPaise(r));

/** The methods of Multiple Pledge Payment (spec §9): cash (default), cheque, online transfer, bank transfer. */
const METHODS = [
  ['cash', 'methodCash'],
  ['cheque', 'methodCheque'],
  ['online', 'methodOnlineTransfer'],
  ['bank_transfer', 'methodBank'],
] as const satisfies readonly (readonly [string, MultiplePaymentKey])[];

interface Details {
  method: string;
  date: string;
  bankReference: string;
  receiptNo: string;
  remarks: string;
  discountReason: string;
  penaltyReason: string;
  approveDiscount: boolean;
  approvePenalty: boolean;
  cashLimitConfirmed: boolean;
}

const freshDetails = (): Details => ({
  method: 'cash',
  date: businessToday(),
  bankReference: '',
  receiptNo: '',
  remarks: '',
  discountReason: '',
  penaltyReason: '',
  approveDiscount: false,
  approvePenalty: false,
  cashLimitConfirmed: false,
});

const STATUS_LOOKS: Record<string, { look: string; label: MultiplePaymentKey }> = {
  'Fully Paid': {
    look: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
    label: 'statusFullyPaid',
  },
  'Partial Paid': {
    look: 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200',
    label: 'statusPartialPaid',
  },
  Active: { look: 'bg-sky-100 text-sky-800 dark:bg-sky-900/50 dark:text-sky-200', label: 'statusActive' },
};

/**
 * /pledge/multiple-payment-new, 'Multiple Pledge Payment' (pledges-and-payments §2.6, §4, §5 v2, §8):
 * several pledges of one customer paid in one request, one receipt. The balances are the server's
 * (GET pending-pledges); each row's split is the domain's interest-first split; the server checks it
 * all again and answers 422 per part, shown on the part's row.
 */
export function MultiplePledgePaymentPage() {
  const { showToast } = useToast();
  const t = useT(multiplePaymentText);
  const messageText = useMessageText();
  const [customer, setCustomer] = useState<CustomerMatch | null>(null);
  const customerId = customer?.id ?? null;
  const detail = usePaymentCustomer(customerId);
  const pending = usePendingPledges(customerId);
  const submit = useSubmitMultiplePayment();
  const submission = useIdempotentSubmit();
  const ids = { method: useId(), bank: useId(), receipt: useId() };

  const [rows, setRows] = useState<PledgePaymentRow[]>([]);
  const [details, setDetails] = useState<Details>(freshDetails);
  const [rowErrors, setRowErrors] = useState<Map<number, Record<string, string>>>(new Map());
  const [topErrors, setTopErrors] = useState<Record<string, string>>({});
  const [allocating, setAllocating] = useState(false);
  const [result, setResult] = useState<MultiplePaymentResult | null>(null);
  const cashSettings = useCashSettings();
  // Ask before leaving with a pledge selected or a detail typed (a payment clears them).
  const leaveGuard = useUnsavedChanges(
    rows.some((r) => r.selected) ||
      [
        details.bankReference,
        details.receiptNo,
        details.remarks,
        details.discountReason,
        details.penaltyReason,
      ].some((text) => text.trim() !== ''),
  );

  // The server's balances are the rows. A reload after a refusal (another counter paid meanwhile)
  // keeps what was typed on each pledge still pending, against its new balance; a payment has already
  // cleared the rows it sent.
  useEffect(() => {
    setRows((current) => {
      const typed = new Map(current.map((r) => [r.pledge.pledge_id, r]));
      return (pending.data?.pledges ?? []).map((pledge) => {
        const row = typed.get(pledge.pledge_id);
        return row ? { ...row, pledge } : pledgePaymentRowOf(pledge);
      });
    });
  }, [pending.data]);

  useEffect(() => {
    if (pending.isError)
      showToast({ type: 'error', title: t('error'), message: t('pledgePaymentLoadPending') });
  }, [pending.isError, showToast, t]);
  useEffect(() => {
    if (detail.isError) showToast({ type: 'error', title: t('error'), message: t('loadCustomer') });
  }, [detail.isError, showToast, t]);

  const totals = useMemo(() => pledgePaymentTotals(rows), [rows]);
  // An admin ticks Approve Discount / Approve Penalty; anyone else has an admin type
  // their username and password once the receipt's discount or penalty passes the branch's threshold.
  const approval = useAdminApproval({ discountPaise: totals.discount, penaltyPaise: totals.penalty });
  // The net cash of the receipt (payment + penalty − discount) against the limit.
  const cashLimit = checkCashLimit({
    amountPaise: totals.net,
    method: details.method,
    settings: cashSettings.data,
    confirmed: details.cashLimitConfirmed,
    what: 'receipt',
  });
  const allSelected = rows.length > 0 && rows.every((r) => r.selected);
  const selectedOutstanding = rows
    .filter((r) => r.selected)
    .reduce((s, r) => s + totalOutstandingPaise(r.pledge), 0);

  const setDetail = (patch: Partial<Details>) => {
    setDetails((d) => ({ ...d, ...patch }));
    setTopErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) {
        const field = {
          method: 'payment_method',
          date: 'payment_date',
          bankReference: 'bank_reference',
          receiptNo: 'receipt_no',
          approveDiscount: 'approve_discount',
          approvePenalty: 'approve_penalty',
          cashLimitConfirmed: 'cash_limit_confirmed',
        }[key];
        if (field) delete next[field];
        if (key === 'method') {
          delete next.bank_reference;
          delete next.cash_limit_confirmed;
        }
      }
      return next;
    });
  };

  const changeRows = (next: PledgePaymentRow[]) => {
    setRows(next);
    setRowErrors(new Map());
    setTopErrors((e) => {
      const { total_payment_amount: _a, approve_discount: _b, approve_penalty: _c, ...rest } = e;
      return rest;
    });
  };
  const changeRow = (pledgeId: number, change: (row: PledgePaymentRow) => PledgePaymentRow) => {
    setRows((all) => all.map((r) => (r.pledge.pledge_id === pledgeId ? change(r) : r)));
    setRowErrors((m) => {
      if (!m.has(pledgeId)) return m;
      const next = new Map(m);
      next.delete(pledgeId);
      return next;
    });
  };

  const pickCustomer = (match: CustomerMatch | null) => {
    // The rows follow the pending pledges read for the customer (the effect above), never cleared here:
    // picking the same customer again keeps the same answer, and the rows must stay.
    setCustomer(match);
    setRowErrors(new Map());
    setTopErrors({});
    approval.reset();
    submission.reset();
  };

  const needsSelection = () => {
    if (rows.some((r) => r.selected)) return false;
    showToast({ type: 'warning', title: t('noPledgesSelected'), message: t('selectFirst') });
    return true;
  };

  const onAutoAllocate = (totalPaise: number) => {
    setAllocating(false);
    const { rows: next, unallocatedPaise } = autoAllocatePledgePayment(rows, totalPaise);
    changeRows(next);
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
    if (submit.isPending) return;
    if (!customer || totals.count === 0) {
      showToast({ type: 'error', title: t('error'), message: PAYMENT_MESSAGES.selectCustomerAndPledges });
      return;
    }
    if (pledgePaymentHasBadText(rows)) {
      showToast(VALIDATION_TOAST);
      return;
    }
    if (totals.payment <= 0) {
      showToast({ type: 'error', title: t('error'), message: PAYMENT_MESSAGES.enterPaymentAmounts });
      return;
    }
    if (cashLimit.verdict === 'confirm') {
      setTopErrors({ cash_limit_confirmed: cashLimit.message ?? '' });
      showToast(VALIDATION_TOAST);
      return;
    }
    const sent = pledgePaymentParts(rows);
    const paymentDetails: PaymentDetails = {
      customerId: customer.id,
      paymentMethod: details.method,
      paymentDate: details.date,
      bankReference: details.bankReference,
      receiptNo: details.receiptNo,
      generalRemarks: details.remarks,
      discountReason: details.discountReason,
      penaltyReason: details.penaltyReason,
      // A clerk has no ticks: the admin's password below is the approval (the server asks for it
      // above the threshold), and at or under it the amounts stand as the branch allows them.
      approveDiscount: approval.isAdmin ? details.approveDiscount : totals.discount > 0,
      approvePenalty: approval.isAdmin ? details.approvePenalty : totals.penalty > 0,
      cashLimitConfirmed: details.cashLimitConfirmed,
    };
    const sentIds = sent.map((s) => s.part.pledgeId);
    const showMessages = (messages: Parameters<typeof placeMessages>[0]) => {
      const placed = placeMessages(messages, sentIds);
      setRowErrors(placed.rows);
      setTopErrors(placed.top);
    };
    const problems = checkPayment(
      paymentDetails,
      sent.map((s) => s.part),
      pending.data?.pledges ?? [],
    );
    const isApproverReady = approval.check();
    if (problems.length > 0 || !isApproverReady) {
      showMessages(problems);
      showToast(VALIDATION_TOAST);
      return;
    }
    const approver = approval.body();
    const body = {
      ...requestOf(
        paymentDetails,
        sent.map(({ row, part }) => ({
          part,
          discountReason: row.discountReason,
          penaltyReason: row.penaltyReason,
        })),
      ),
      ...(approver ? { approver } : {}),
    };
    // The same key while the same payment is sent again: a retry after a lost answer is not paid twice.
    submission.send(idempotencyBody(body), (idempotencyKey) => submit.mutateAsync({ body, idempotencyKey }), {
      onSuccess: (saved) => {
        approval.settle();
        setRowErrors(new Map());
        setTopErrors({});
        setDetails((d) => ({ ...freshDetails(), method: d.method, date: d.date }));
        setRows((all) => all.map((r) => selectPledgePaymentRow(r, false)));
        setResult(saved);
        showToast({
          type: 'success',
          title: t('success'),
          message: t('pledgePaymentSuccess', { receipt: saved.receipt_no }),
        });
      },
      onError: (error) => {
        // Another counter may have paid on these pledges: their balances show why.
        if (saysPledgeChanged(error)) void pending.refetch();
        // The password is gone after any answer; a refusal of the approver stands under its fields.
        const isApproverRefused = approval.settle(error);
        const fieldErrors = serverFieldErrors(error).filter((e) => !isApproverField(e.field));
        if (fieldErrors.length > 0 || isApproverRefused) {
          showMessages(fieldErrors);
          showToast(VALIDATION_TOAST);
        } else {
          showToast({
            type: 'error',
            title: t('error'),
            message: errorMessage(error, t('pledgePaymentFailed')),
          });
        }
      },
    });
  };

  const pledges = pending.data?.pledges ?? [];
  const rowMessage = (pledgeId: number, ...fields: string[]) => {
    const m = rowErrors.get(pledgeId);
    if (!m) return undefined;
    for (const f of fields) if (m[f]) return m[f];
    return undefined;
  };

  return (
    <form className="space-y-5" onSubmit={onSubmit} onKeyDown={keepEnterFromSubmitting} noValidate>
      <section className={card} aria-label={t('customerRegion')}>
        <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <div className="space-y-3">
            <CustomerPicker label={t('searchCustomer')} value={customer} onChange={pickCustomer} />
            {detail.data ? <CustomerCard customer={detail.data} /> : null}
          </div>
          {customer ? (
            <dl className="grid grid-cols-3 gap-3 self-start" data-testid="customer-summary">
              <SummaryTile label={t('totalPledges')} value={String(pending.data?.total_pledges ?? 0)} />
              <SummaryTile
                label={t('totalOutstanding')}
                value={rupees(pending.data?.total_outstanding ?? 0)}
              />
              <SummaryTile
                label={t('selectedAmount')}
                value={totals.inError > 0 ? '—' : formatRupees(totals.payment)}
              />
            </dl>
          ) : null}
        </div>
      </section>

      {customer ? (
        <section className={card} aria-label={t('pendingPledgesRegion')}>
          <div className="mb-3 flex flex-wrap items-center gap-2">
            <h2 className="mr-auto text-lg font-semibold text-navy-700 dark:text-white">
              {t('pendingPledges')}
            </h2>
            <Button
              variant="secondary"
              disabled={rows.length === 0}
              onClick={() => changeRows(toggleAllPledgePaymentRows(rows))}
            >
              {allSelected ? t('deselectAll') : t('selectAll')}
            </Button>
            <Button
              variant="secondary"
              disabled={rows.length === 0}
              onClick={() => {
                if (!needsSelection()) changeRows(payInterestOnlyRows(rows));
              }}
            >
              {t('payInterestOnly')}
            </Button>
            <Button
              variant="secondary"
              disabled={rows.length === 0}
              onClick={() => {
                if (!needsSelection()) setAllocating(true);
              }}
            >
              {t('autoAllocate')}
            </Button>
          </div>
          {pending.isPending ? (
            <Spinner label={t('loadingPending')} />
          ) : pending.isError ? (
            <p role="alert" className="text-sm text-red-600">
              {t('pledgePaymentLoadPending')}
            </p>
          ) : pledges.length === 0 ? (
            <p className="py-8 text-center text-sm text-slate-500 dark:text-slate-400">{t('noPending')}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full min-w-[900px] text-left text-sm text-navy-700 dark:text-white">
                <caption className="sr-only">{t('pendingCaption')}</caption>
                <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase dark:border-navy-600 dark:text-slate-400">
                  <tr>
                    <th className={cell}>
                      <span className="sr-only">{t('select')}</span>
                    </th>
                    <th className={cell}>{t('pledgeNo')}</th>
                    <th className={`${cell} text-right`}>{t('amount')}</th>
                    <th className={cell}>{t('date')}</th>
                    <th className={cell}>{t('scheme')}</th>
                    <th className={`${cell} text-right`}>{t('outstanding')}</th>
                    <th className={cell}>{t('paymentSplit')}</th>
                    <th className={cell}>{t('discount')}</th>
                    <th className={cell}>{t('penalty')}</th>
                    <th className={cell}>{t('status')}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 dark:divide-navy-700">
                  {rows.map((row) => (
                    <PledgeRow
                      key={row.pledge.pledge_id}
                      row={row}
                      error={(...f) => rowMessage(row.pledge.pledge_id, ...f)}
                      t={t}
                      messageText={messageText}
                      onSelect={(selected) =>
                        changeRow(row.pledge.pledge_id, (r) => selectPledgePaymentRow(r, selected))
                      }
                      onChange={(patch) => changeRow(row.pledge.pledge_id, (r) => ({ ...r, ...patch }))}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ) : null}

      {customer && pledges.length > 0 ? (
        <div className="grid gap-5 lg:grid-cols-2">
          <section className={`${card} space-y-4`} aria-label={t('paymentDetailsRegion')}>
            <h2 className="text-lg font-semibold text-navy-700 dark:text-white">{t('paymentDetails')}</h2>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                id={ids.method}
                label={t('paymentMethod')}
                value={details.method}
                error={topErrors.payment_method}
                onChange={(e) => setDetail({ method: e.target.value })}
              >
                {METHODS.map(([value, label]) => (
                  <option key={value} value={value}>
                    {t(label)}
                  </option>
                ))}
              </SelectField>
              <DateField
                label={t('paymentDate')}
                value={details.date}
                max={businessToday()}
                error={topErrors.payment_date}
                onChange={(e) => setDetail({ date: e.target.value })}
              />
              {details.method !== 'cash' ? (
                <TextField
                  id={ids.bank}
                  label={t('bankOrCheque')}
                  value={details.bankReference}
                  maxLength={100}
                  error={topErrors.bank_reference}
                  onChange={(e) => setDetail({ bankReference: e.target.value })}
                />
              ) : null}
              <div>
                <TextField
                  id={ids.receipt}
                  label={t('receiptNumber')}
                  value={details.receiptNo}
                  maxLength={50}
                  placeholder={t('receiptPlaceholder')}
                  error={topErrors.receipt_no}
                  onChange={(e) => setDetail({ receiptNo: e.target.value })}
                />
              </div>
              <TextField
                className="sm:col-span-2"
                label={t('generalRemarks')}
                value={details.remarks}
                maxLength={1000}
                error={topErrors.general_remarks}
                onChange={(e) => setDetail({ remarks: e.target.value })}
              />
            </div>
            <CashLimitControl
              check={cashLimit}
              confirmed={details.cashLimitConfirmed}
              onConfirmedChange={(checked) => setDetail({ cashLimitConfirmed: checked })}
              error={topErrors.cash_limit_confirmed}
            />

            {totals.discount > 0 || totals.penalty > 0 ? (
              <div
                className="space-y-3 rounded-xl border border-amber-200 bg-amber-50/60 p-4 dark:border-amber-800 dark:bg-amber-900/20"
                data-testid="adjustments"
              >
                <h3 className="text-sm font-semibold text-navy-700 dark:text-white">
                  {t('discountAndPenalty')}
                </h3>
                {totals.discount > 0 ? (
                  <div className="space-y-2">
                    <TextField
                      label={t('discountReason')}
                      value={details.discountReason}
                      maxLength={500}
                      onChange={(e) => setDetail({ discountReason: e.target.value })}
                    />
                    {approval.isAdmin ? (
                      <CheckboxField
                        label={t('approveDiscount', { amount: formatRupees(totals.discount) })}
                        checked={details.approveDiscount}
                        aria-invalid={topErrors.approve_discount ? true : undefined}
                        onChange={(e) => setDetail({ approveDiscount: e.target.checked })}
                      />
                    ) : null}
                    {topErrors.approve_discount ? (
                      <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                        {messageText(topErrors.approve_discount)}
                      </p>
                    ) : null}
                  </div>
                ) : null}
                {totals.penalty > 0 ? (
                  <div className="space-y-2">
                    <TextField
                      label={t('penaltyReason')}
                      value={details.penaltyReason}
                      maxLength={500}
                      onChange={(e) => setDetail({ penaltyReason: e.target.value })}
                    />
                    {approval.isAdmin ? (
                      <CheckboxField
                        label={t('approvePenalty', { amount: formatRupees(totals.penalty) })}
                        checked={details.approvePenalty}
                        aria-invalid={topErrors.approve_penalty ? true : undefined}
                        onChange={(e) => setDetail({ approvePenalty: e.target.checked })}
                      />
                    ) : null}
                    {topErrors.approve_penalty ? (
                      <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                        {messageText(topErrors.approve_penalty)}
                      </p>
                    ) : null}
                  </div>
                ) : null}
                <AdminApprovalFields approval={approval} />
              </div>
            ) : null}
          </section>

          <section className={`${card} flex flex-col gap-4`} aria-label={t('paymentSummaryRegion')}>
            <h2 className="text-lg font-semibold text-navy-700 dark:text-white">{t('paymentSummary')}</h2>
            <dl className="space-y-2 text-sm text-navy-700 dark:text-white" data-testid="payment-summary">
              <SummaryLine label={t('selectedPledges')} value={String(totals.count)} />
              <SummaryLine label={t('totalInterest')} value={formatRupees(totals.interest)} />
              <SummaryLine label={t('totalPrincipal')} value={formatRupees(totals.principal)} />
              <SummaryLine
                label={t('totalDiscount')}
                value={`-${formatRupees(totals.discount)}`}
                className="text-emerald-700 dark:text-emerald-300"
              />
              <SummaryLine
                label={t('totalPenalty')}
                value={`+${formatRupees(totals.penalty)}`}
                className="text-red-700 dark:text-red-300"
              />
              <SummaryLine
                label={t('totalPayment')}
                value={totals.inError > 0 ? '—' : formatRupees(totals.net)}
                strong
                className="border-t border-slate-200 pt-2 dark:border-navy-600"
              />
            </dl>
            {Object.entries(topErrors)
              .filter(
                ([f]) =>
                  ![
                    'payment_method',
                    'payment_date',
                    'bank_reference',
                    'receipt_no',
                    'general_remarks',
                    'approve_discount',
                    'approve_penalty',
                    'cash_limit_confirmed',
                  ].includes(f),
              )
              .map(([f, message]) => (
                <p key={f} role="alert" className="text-sm text-red-600 dark:text-red-400">
                  {messageText(message)}
                </p>
              ))}
            <Button
              type="submit"
              className="mt-auto w-full"
              disabled={submit.isPending || cashLimit.verdict === 'block'}
            >
              {submit.isPending
                ? t('processing')
                : totals.inError > 0
                  ? t('submitPaymentNoAmount')
                  : t('submitPayment', { amount: formatRupees(totals.net) })}
            </Button>
          </section>
        </div>
      ) : null}

      <AutoAllocateDialog
        open={allocating}
        outstandingPaise={selectedOutstanding}
        onClose={() => setAllocating(false)}
        onAllocate={onAutoAllocate}
      />
      {result ? <PaymentResultDialog result={result} onClose={() => setResult(null)} /> : null}
      {leaveGuard.dialog}
    </form>
  );
}

function SummaryTile({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-slate-50 px-3 py-2 dark:bg-navy-900">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-lg font-semibold text-navy-700 tabular-nums dark:text-white">{value}</dd>
    </div>
  );
}

function SummaryLine({
  label,
  value,
  strong = false,
  className = '',
}: {
  label: string;
  value: string;
  strong?: boolean;
  className?: string;
}) {
  return (
    <div className={`flex justify-between gap-3 ${strong ? 'text-base font-bold' : ''} ${className}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

function PledgeRow({
  row,
  error,
  t,
  messageText,
  onSelect,
  onChange,
}: {
  row: PledgePaymentRow;
  error: (...fields: string[]) => string | undefined;
  t: Translate<MultiplePaymentKey>;
  /** A message of the rules, the amount inputs or the server in the interface's language. */
  messageText: (text: string) => string;
  onSelect: (selected: boolean) => void;
  onChange: (patch: Partial<PledgePaymentRow>) => void;
}) {
  const p: PendingPledge = row.pledge;
  const o = outstandingOf(p);
  const split = pledgePaymentSplit(row);
  const status = statusOf(p);
  const no = p.pledge_no;
  const inLanguage = (message: string | null | undefined) => (message ? messageText(message) : message);
  const paymentError =
    inLanguage(moneyTextError(row.paymentText)) ??
    (row.selected && split.excessPaise > 0
      ? t('paymentExceeds', {
          amount: formatRupees(o.remainingInterestPaise + o.remainingPrincipalPaise, '₹'),
        })
      : null) ??
    inLanguage(error('payment_amount', 'interest_amount', 'principal_amount', 'pledge_id', 'payment_type'));
  const discountError = inLanguage(
    moneyTextError(row.discountText) ?? error('discount_amount', 'discount_reason'),
  );
  const penaltyError = inLanguage(
    moneyTextError(row.penaltyText) ?? error('penalty_amount', 'penalty_reason'),
  );
  return (
    <tr className={row.selected ? 'bg-brand-50/40 dark:bg-navy-900/60' : ''} data-testid={`row-${no}`}>
      <td className={cell}>
        <input
          type="checkbox"
          className="mt-1 size-4 accent-brand-500"
          aria-label={t('selectPledge', { number: no })}
          checked={row.selected}
          onChange={(e) => onSelect(e.target.checked)}
        />
      </td>
      <td className={`${cell} font-semibold whitespace-nowrap`}>{no}</td>
      <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>{rupees(p.pledge_amount)}</td>
      <td className={`${cell} whitespace-nowrap`}>{formatIndianDate(p.pledge_date)}</td>
      <td className={cell}>
        <div>{p.scheme_name}</div>
        <div className="text-xs text-slate-500 dark:text-slate-400">
          {t('perMonth', { rate: p.monthly_interest_rate })}
        </div>
      </td>
      <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>
        <div className="font-semibold">{rupees(p.total_outstanding)}</div>
        <div className="text-xs text-slate-500 dark:text-slate-400">
          {t('interestShort', { amount: rupees(p.remaining_interest) })}
        </div>
        <div className="text-xs text-slate-500 dark:text-slate-400">
          {t('principalShort', { amount: rupees(p.remaining_principal) })}
        </div>
      </td>
      <td className={cell}>
        <MoneyInput
          aria-label={t('paymentAmountOf', { number: no })}
          className={smallInput}
          value={row.paymentText}
          disabled={!row.selected}
          placeholder="0.00"
          error={paymentError}
          onChange={(e) => onChange({ paymentText: e.target.value })}
        />
        <div
          className="mt-1 text-xs whitespace-nowrap text-slate-500 tabular-nums dark:text-slate-400"
          data-testid={`split-${no}`}
        >
          <div>{t('interestShort', { amount: formatRupees(split.interestPaise) })}</div>
          <div>{t('principalShort', { amount: formatRupees(split.principalPaise) })}</div>
        </div>
      </td>
      <td className={`${cell} space-y-1`}>
        <MoneyInput
          aria-label={t('discountOf', { number: no })}
          className={smallInput}
          value={row.discountText}
          disabled={!row.selected}
          placeholder="0.00"
          error={discountError}
          onChange={(e) => onChange({ discountText: e.target.value })}
        />
        <input
          aria-label={t('discountReasonOf', { number: no })}
          className={smallInput}
          value={row.discountReason}
          maxLength={500}
          disabled={!row.selected}
          placeholder={t('reason')}
          onChange={(e) => onChange({ discountReason: e.target.value })}
        />
      </td>
      <td className={`${cell} space-y-1`}>
        <MoneyInput
          aria-label={t('penaltyOf', { number: no })}
          className={smallInput}
          value={row.penaltyText}
          disabled={!row.selected}
          placeholder="0.00"
          error={penaltyError}
          onChange={(e) => onChange({ penaltyText: e.target.value })}
        />
        <input
          aria-label={t('penaltyReasonOf', { number: no })}
          className={smallInput}
          value={row.penaltyReason}
          maxLength={500}
          disabled={!row.selected}
          placeholder={t('reason')}
          onChange={(e) => onChange({ penaltyReason: e.target.value })}
        />
      </td>
      <td className={cell}>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_LOOKS[status]?.look ?? ''}`}
        >
          {STATUS_LOOKS[status] ? t(STATUS_LOOKS[status].label) : status}
        </span>
      </td>
    </tr>
  );
}
