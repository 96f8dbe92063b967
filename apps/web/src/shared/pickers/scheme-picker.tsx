import { useT } from '@/lib/i18n/language';
import { useSchemeOptions } from '../api/scheme-options';
import { pickersText } from './i18n';
import { type IdPickerProps, OptionPicker } from './option-picker';

/**
 * The loan scheme of a pledge (pledges-and-payments §2): the company's active schemes, narrowed to one
 * jewel type when `jewelTypeId` is given (a gold scheme for gold jewels).
 */
export function SchemePicker({
  label,
  jewelTypeId,
  ...props
}: IdPickerProps & { jewelTypeId?: number | null }) {
  const t = useT(pickersText);
  const schemes = useSchemeOptions();
  const options =
    jewelTypeId == null ? schemes.data : schemes.data?.filter((s) => s.jewel_type_id === jewelTypeId);
  return (
    <OptionPicker
      {...props}
      label={label ?? t('schemeLabel')}
      options={options}
      isPending={schemes.isPending}
      isError={schemes.isError}
      optionLabel={(s) => `${s.scheme_name} (${s.short_name})`}
      noun="scheme"
    />
  );
}
