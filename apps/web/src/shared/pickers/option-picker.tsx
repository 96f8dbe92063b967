import { SelectField } from '@/components/ui/form-field';
import { useT } from '@/lib/i18n/language';
import { pickersText } from './i18n';

/** The masters a select picker chooses from, naming its texts in the catalogue. */
export type PickerNoun = 'bank' | 'scheme' | 'jewelType';

/** What the select pickers share: a chosen id (or null) and the usual field props. */
export interface IdPickerProps {
  value: number | null;
  onChange: (id: number | null) => void;
  label?: string;
  error?: string | undefined;
  disabled?: boolean;
  id?: string;
}

/**
 * A select of a master's records: the active ones, plus the chosen one when it has since been made
 * inactive (an old record must still show what it holds). Loading and failure are said in the list.
 */
export function OptionPicker<T extends { id: number; status: boolean }>({
  value,
  onChange,
  label,
  error,
  disabled,
  id,
  options,
  isPending,
  isError,
  optionLabel,
  noun,
}: IdPickerProps & {
  label: string;
  options: readonly T[] | undefined;
  isPending: boolean;
  isError: boolean;
  optionLabel: (option: T) => string;
  /** 'scheme', 'jewelType', 'bank': for 'Select a scheme' and 'Failed to fetch schemes.' */
  noun: PickerNoun;
}) {
  const t = useT(pickersText);
  const shown = (options ?? []).filter((o) => o.status || o.id === value);
  return (
    <SelectField
      label={label}
      value={value === null ? '' : String(value)}
      error={error ?? (isError ? t(`${noun}Failed`) : undefined)}
      disabled={disabled}
      {...(id !== undefined ? { id } : {})}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
    >
      <option value="">{isPending ? t(`${noun}Loading`) : t(`${noun}Select`)}</option>
      {shown.map((o) => (
        <option key={o.id} value={o.id}>
          {optionLabel(o)}
          {o.status ? '' : t('inactiveMark')}
        </option>
      ))}
    </SelectField>
  );
}
