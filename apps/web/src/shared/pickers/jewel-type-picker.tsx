import { useJewelTypeOptions } from '../api/jewel-type-options';
import { type IdPickerProps, OptionPicker } from './option-picker';

/** A jewel type of the company (gold 22K, silver…): the pledge item's and the rate's choice. */
export function JewelTypePicker({ label = 'Jewel Type', ...props }: IdPickerProps) {
  const types = useJewelTypeOptions();
  return (
    <OptionPicker
      {...props}
      label={label}
      options={types.data}
      isPending={types.isPending}
      isError={types.isError}
      optionLabel={(t) => `${t.jewel_name} (${t.purity})`}
      noun="jewel type"
    />
  );
}
