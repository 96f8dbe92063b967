import { useT } from '@/lib/i18n/language';
import { useBankOptions } from '../api/bank-options';
import { pickersText } from './i18n';
import { type IdPickerProps, OptionPicker } from './option-picker';

/** One of the company's bank accounts: where a bank payment or a loan paid out by transfer goes. */
export function BankPicker({ label, ...props }: IdPickerProps) {
  const t = useT(pickersText);
  const banks = useBankOptions();
  return (
    <OptionPicker
      {...props}
      label={label ?? t('bankLabel')}
      options={banks.data}
      isPending={banks.isPending}
      isError={banks.isError}
      optionLabel={(b) => `${b.bank_name} — ${b.account_number}`}
      noun="bank"
    />
  );
}
