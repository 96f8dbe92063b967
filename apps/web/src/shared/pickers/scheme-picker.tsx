import { useSchemeOptions } from '../api/scheme-options';
import { type IdPickerProps, OptionPicker } from './option-picker';

/**
 * The loan scheme of a pledge (pledges-and-payments §2): the company's active schemes, narrowed to one
 * jewel type when `jewelTypeId` is given (a gold scheme for gold jewels).
 */
export function SchemePicker({
  label = 'Scheme',
  jewelTypeId,
  ...props
}: IdPickerProps & { jewelTypeId?: number | null }) {
  const schemes = useSchemeOptions();
  const options =
    jewelTypeId == null ? schemes.data : schemes.data?.filter((s) => s.jewel_type_id === jewelTypeId);
  return (
    <OptionPicker
      {...props}
      label={label}
      options={options}
      isPending={schemes.isPending}
      isError={schemes.isError}
      optionLabel={(s) => `${s.scheme_name} (${s.short_name})`}
      noun="scheme"
    />
  );
}
