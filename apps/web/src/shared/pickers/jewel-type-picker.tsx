import { useT } from '@/lib/i18n/language';
import { useJewelTypeOptions } from '../api/jewel-type-options';
import { pickersText } from './i18n';
import { type IdPickerProps, OptionPicker } from './option-picker';

/** A jewel type of the company (gold 22K, silver…): the pledge item's and the rate's choice. */
export function JewelTypePicker({ label, ...props }: IdPickerProps) {
  const t = useT(pickersText);
  const types = useJewelTypeOptions();
  return (
    <OptionPicker
      {...props}
      label={label ?? t('jewelTypeLabel')}
      options={types.data}
      isPending={types.isPending}
      isError={types.isError}
      optionLabel={(t) => `${t.jewel_name} (${t.purity})`}
      noun="jewelType"
    />
  );
}
