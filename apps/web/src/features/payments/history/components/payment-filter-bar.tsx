import type { FormEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { DateField } from '../../../../components/ui/date-field';
import { SelectField } from '../../../../components/ui/form-field';
import { TextField } from '../../../../components/ui/text-field';
import {
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
  error: string | null;
}) {
  const set = <K extends keyof PaymentFilters>(key: K, value: PaymentFilters[K]) =>
    onChange({ ...draft, [key]: value });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <form
      onSubmit={onSubmit}
      aria-label="Payment filters"
      className="rounded-2xl bg-white px-5 py-4 shadow-sm dark:bg-navy-800"
      noValidate
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <DateField
          label="From Date"
          value={draft.fromDate}
          max={draft.toDate || undefined}
          onChange={(event) => set('fromDate', event.target.value)}
        />
        <DateField
          label="To Date"
          value={draft.toDate}
          min={draft.fromDate || undefined}
          onChange={(event) => set('toDate', event.target.value)}
          error={error ?? undefined}
        />
        <SelectField
          label="Payment Type"
          value={draft.paymentType}
          onChange={(event) => set('paymentType', event.target.value as PaymentFilters['paymentType'])}
        >
          <option value="">All Types</option>
          {PAYMENT_TYPE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Payment Method"
          value={draft.paymentMethod}
          onChange={(event) => set('paymentMethod', event.target.value as PaymentFilters['paymentMethod'])}
        >
          <option value="">All Methods</option>
          {PAYMENT_METHOD_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Pledge ID"
          value={draft.pledge}
          maxLength={PLEDGE_FILTER_MAX_LENGTH}
          placeholder="Pledge no or id"
          autoComplete="off"
          onChange={(event) => set('pledge', event.target.value)}
        />
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClear}>
          Clear
        </Button>
        <Button type="submit">Search</Button>
      </div>
    </form>
  );
}
