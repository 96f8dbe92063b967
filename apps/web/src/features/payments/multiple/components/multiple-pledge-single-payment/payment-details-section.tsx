import { businessToday, formatRupees } from '@pledge-desk/domain';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { DateField, SelectField } from '@/components/ui/form-field';
import { TextField } from '@/components/ui/text-field';
import { card } from '@/features/payments/multiple/components/styles';
import { type MultiplePaymentKey, multiplePaymentText } from '@/features/payments/multiple/i18n';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { CashLimitControl } from '@/shared/cash-limit/cash-limit-control';
import type { MultiplePledgeSinglePayment } from './use-multiple-pledge-single-payment';

/** Single payment and Multiple Pledge Single Payment offer cash, bank and online (spec §9). */
const METHODS = [
  ['cash', 'methodCash'],
  ['bank', 'methodBank'],
  ['online', 'methodOnline'],
] as const satisfies readonly (readonly [string, MultiplePaymentKey])[];

/** The fields whose messages stand under their own control; the section's foot says the others. */
const PLACED_TOP_FIELDS: readonly string[] = [
  'payment_method',
  'payment_date',
  'bank_reference',
  'general_remarks',
  'cash_limit_confirmed',
];

/**
 * The receipt's details once a pledge is selected: date, method, bank reference, remarks, the cash
 * limit, the total and the submit, and the messages no field shows.
 */
export function PaymentDetailsSection({ form }: { form: MultiplePledgeSinglePayment }) {
  const t = useT(multiplePaymentText);
  const messageText = useMessageText();
  const ids = { method: useId(), bank: useId() };
  const { topErrors } = form;
  const topMessages = Object.entries(topErrors).filter(([f]) => !PLACED_TOP_FIELDS.includes(f));
  return (
    <section className={`${card} space-y-4`} aria-label={t('paymentDetailsRegion')}>
      <h2 className="text-lg font-semibold text-navy-700 dark:text-white">{t('paymentDetails')}</h2>
      <div className="grid gap-4 md:grid-cols-2">
        <DateField
          label={t('paymentDate')}
          value={form.date}
          max={businessToday()}
          error={topErrors.payment_date}
          onChange={(e) => form.changeDate(e.target.value)}
        />
        <SelectField
          id={ids.method}
          label={t('paymentMethod')}
          value={form.method}
          error={topErrors.payment_method}
          onChange={(e) => form.changeMethod(e.target.value)}
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
          value={form.bankReference}
          maxLength={100}
          error={topErrors.bank_reference}
          onChange={(e) => form.changeBankReference(e.target.value)}
        />
        <TextField
          label={t('remarks')}
          value={form.remarks}
          maxLength={1000}
          error={topErrors.general_remarks}
          onChange={(e) => form.setRemarks(e.target.value)}
        />
      </div>
      <CashLimitControl
        check={form.cashLimit}
        confirmed={form.cashConfirmed}
        onConfirmedChange={form.changeCashConfirmed}
        error={topErrors.cash_limit_confirmed}
      />
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4 dark:border-navy-600">
        <p className="text-base text-navy-700 dark:text-white" data-testid="footer-total">
          {t('total')}{' '}
          <strong className="tabular-nums">
            {form.hasBadText ? '—' : formatRupees(form.totalAllocated)}
          </strong>
        </p>
        <div className="flex flex-col items-end gap-1">
          <Button type="submit" disabled={!form.canSubmit}>
            {form.isSubmitting ? t('processing') : t('processPayment')}
          </Button>
          {form.blocked && !form.isSubmitting ? (
            <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="submit-hint">
              {messageText(form.blocked)}
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
  );
}
