import { businessToday, formatRupees } from '@pledge-desk/domain';
import { useId } from 'react';
import { CheckboxField, DateField, SelectField } from '@/components/ui/form-field';
import { TextField } from '@/components/ui/text-field';
import { AdminApprovalFields } from '@/features/payments/approval/admin-approval-fields';
import { card } from '@/features/payments/multiple/components/styles';
import { type MultiplePaymentKey, multiplePaymentText } from '@/features/payments/multiple/i18n';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { CashLimitControl } from '@/shared/cash-limit/cash-limit-control';
import type { MultiplePledgePayment } from './use-multiple-pledge-payment';

/** The methods of Multiple Pledge Payment (spec §9): cash (default), cheque, online transfer, bank transfer. */
const METHODS = [
  ['cash', 'methodCash'],
  ['cheque', 'methodCheque'],
  ['online', 'methodOnlineTransfer'],
  ['bank_transfer', 'methodBank'],
] as const satisfies readonly (readonly [string, MultiplePaymentKey])[];

/**
 * The receipt's details: method, date, references, remarks, the cash limit, and the reasons and
 * approval of a discount or a penalty once a row has one.
 */
export function PaymentDetailsSection({ form }: { form: MultiplePledgePayment }) {
  const t = useT(multiplePaymentText);
  const messageText = useMessageText();
  const ids = { method: useId(), bank: useId(), receipt: useId() };
  const { details, setDetail, topErrors, totals, approval, cashLimit } = form;
  return (
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
          <h3 className="text-sm font-semibold text-navy-700 dark:text-white">{t('discountAndPenalty')}</h3>
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
  );
}
