import { useBankOptions } from '../api/bank-options';
import { type IdPickerProps, OptionPicker } from './option-picker';

/** One of the company's bank accounts: where a bank payment or a loan paid out by transfer goes. */
export function BankPicker({ label = 'Bank', ...props }: IdPickerProps) {
  const banks = useBankOptions();
  return (
    <OptionPicker
      {...props}
      label={label}
      options={banks.data}
      isPending={banks.isPending}
      isError={banks.isError}
      optionLabel={(b) => `${b.bank_name} — ${b.account_number}`}
      noun="bank"
    />
  );
}
