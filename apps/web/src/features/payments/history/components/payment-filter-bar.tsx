import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { SelectField } from '@/components/ui/form-field';
import { TextField } from '@/components/ui/text-field';
import { useT } from '@/lib/i18n/language';
import { paymentHistoryText } from '../i18n';
import {
  type FilterErrorKey,
  PAYMENT_METHOD_OPTIONS,
  PAYMENT_TYPE_OPTIONS,
  type PaymentFilters,
  PLEDGE_FILTER_MAX_LENGTH,
} from '../payment-filters';

/**
 * The filter row of the Payment History (spec §2.8): From Date, To Date, Payment Type, Payment Method,
 * Pledge ID, Search and Clear. Editing a filter changes only this row; Search applies it.
 */
export function PaymentFilterBar({
  draft,
  onChange,
  onSearch,
  onClear,
  error,
}: {
  draft: PaymentFilters;
  onChange: (next: PaymentFilters) => void;
  onSearch: () => void;
  onClear: () => void;
  error: FilterErrorKey | null;
}) {
  const t = useT(paymentHistoryText);
  const set = <K extends keyof PaymentFilters>(key: K, value: PaymentFilters[K]) =>
    onChange({ ...draft, [key]: value });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <form
      onSubmit={onSubmit}
      aria-label={t('filters')}
      className="rounded-2xl bg-white px-5 py-4 shadow-sm dark:bg-navy-800"
      noValidate
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <DateField
          label={t('fromDate')}
          value={draft.fromDate}
          max={draft.toDate || undefined}
          onChange={(event) => set('fromDate', event.target.value)}
        />
        <DateField
          label={t('toDate')}
          value={draft.toDate}
          min={draft.fromDate || undefined}
          onChange={(event) => set('toDate', event.target.value)}
          error={error ? t(error) : undefined}
        />
        <SelectField
          label={t('paymentType')}
          value={draft.paymentType}
          onChange={(event) => set('paymentType', event.target.value as PaymentFilters['paymentType'])}
        >
          <option value="">{t('allTypes')}</option>
          {PAYMENT_TYPE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {t(o.label)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('paymentMethod')}
          value={draft.paymentMethod}
          onChange={(event) => set('paymentMethod', event.target.value as PaymentFilters['paymentMethod'])}
        >
          <option value="">{t('allMethods')}</option>
          {PAYMENT_METHOD_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {t(o.label)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('pledgeId')}
          value={draft.pledge}
          maxLength={PLEDGE_FILTER_MAX_LENGTH}
          placeholder={t('pledgePlaceholder')}
          autoComplete="off"
          onChange={(event) => set('pledge', event.target.value)}
        />
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClear}>
          {t('clear')}
        </Button>
        <Button type="submit">{t('search')}</Button>
      </div>
    </form>
  );
}
