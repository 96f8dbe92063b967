import type { PledgePayoutMethod } from '@pledge-desk/domain';
import { SelectField } from '../../../../components/ui/form-field';
import { TextField } from '../../../../components/ui/text-field';
import { type CashLimitCheck, CashLimitControl } from '../../../../shared/cash-limit/cash-limit-control';

export const PAYOUT_METHODS: readonly { value: PledgePayoutMethod; label: string }[] = [
  { value: 'cash', label: 'Cash' },
  { value: 'bank_transfer', label: 'Bank Transfer' },
  { value: 'online', label: 'Online' },
  { value: 'cheque', label: 'Cheque' },
];

export const PAYOUT_TEXTS = {
  referenceNeeded: 'Enter the transfer, UTR or cheque number for a payout that is not cash.',
} as const;

/**
 * How the final amount reaches the customer (issue 14 item 3): cash from the drawer, or bank, online,
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
  const isCash = props.method === 'cash';
  return (
    <section
      aria-label="Payout"
      className="mt-5 space-y-3 border-t border-slate-100 pt-4 dark:border-navy-700"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Payout Method"
          value={props.method}
          error={props.errors.payout_method}
          onChange={(e) => props.onMethod(e.target.value as PledgePayoutMethod)}
        >
          {PAYOUT_METHODS.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Payout Reference"
          maxLength={100}
          autoComplete="off"
          disabled={isCash}
          aria-required={!isCash || undefined}
          placeholder={isCash ? 'Not needed for cash' : 'UTR, transfer or cheque number'}
          value={isCash ? '' : props.reference}
          error={props.errors.payout_reference}
          onChange={(e) => props.onReference(e.target.value)}
        />
      </div>
      <CashLimitControl
        check={props.check}
        confirmed={props.confirmed}
        onConfirmedChange={props.onConfirmed}
        error={props.errors.cash_limit_confirmed}
      />
    </section>
  );
}
