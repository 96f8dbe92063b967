import type { PledgePayoutMethod } from '@pledge-desk/domain';
import { SelectField } from '@/components/ui/form-field';
import { TextField } from '@/components/ui/text-field';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { type CashLimitCheck, CashLimitControl } from '@/shared/cash-limit/cash-limit-control';
import { payoutText } from '../i18n';

/**
 * The payout methods: `labelKey` is the label's key in `payoutText` (shown translated); `label` is the
 * English text, kept for the renewal screen that lists the same methods.
 */
export const PAYOUT_METHODS: readonly {
  value: PledgePayoutMethod;
  label: string;
  labelKey: keyof typeof payoutText.en;
}[] = [
  { value: 'cash', label: 'Cash', labelKey: 'cash' },
  { value: 'bank_transfer', label: 'Bank Transfer', labelKey: 'bankTransfer' },
  { value: 'online', label: 'Online', labelKey: 'online' },
  { value: 'cheque', label: 'Cheque', labelKey: 'cheque' },
];

/**
 * How the final amount reaches the customer: cash from the drawer, or bank, online,
 * cheque with its reference; a cash payout at or over the company's limit asks for another method
 * (block) or the clerk's confirmation (warn).
 */
export function PayoutSection(props: {
  method: PledgePayoutMethod;
  reference: string;
  confirmed: boolean;
  check: CashLimitCheck;
  errors: Partial<Record<string, string>>;
  onMethod: (method: PledgePayoutMethod) => void;
  onReference: (reference: string) => void;
  onConfirmed: (confirmed: boolean) => void;
}) {
  const t = useT(payoutText);
  const messageText = useMessageText();
  const isCash = props.method === 'cash';
  // The cash limit's sentences come from the domain in English: shown in the interface's language.
  const check = props.check.message
    ? { ...props.check, message: messageText(props.check.message) }
    : props.check;
  const confirmError = props.errors.cash_limit_confirmed;
  return (
    <section
      aria-label={t('payout')}
      className="mt-5 space-y-3 border-t border-slate-100 pt-4 dark:border-navy-700"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('payoutMethod')}
          value={props.method}
          error={props.errors.payout_method}
          onChange={(e) => props.onMethod(e.target.value as PledgePayoutMethod)}
        >
          {PAYOUT_METHODS.map((m) => (
            <option key={m.value} value={m.value}>
              {t(m.labelKey)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('payoutReference')}
          maxLength={100}
          autoComplete="off"
          disabled={isCash}
          aria-required={!isCash || undefined}
          placeholder={isCash ? t('notNeeded') : t('referencePlaceholder')}
          value={isCash ? '' : props.reference}
          error={props.errors.payout_reference}
          onChange={(e) => props.onReference(e.target.value)}
        />
      </div>
      <CashLimitControl
        check={check}
        confirmed={props.confirmed}
        onConfirmedChange={props.onConfirmed}
        error={confirmError ? messageText(confirmError) : confirmError}
      />
    </section>
  );
}
