import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { SearchableDropdown } from '@/components/ui/searchable-dropdown';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useSession } from '@/lib/session';
import { type CustomerMatch, customerMatchesQueryKey, searchCustomers } from '../api/search-customers';
import { pickersText } from './i18n';

/**
 * The customer of a pledge or a payment: searches the company's customers by part of a name or of a
 * mobile number as the clerk types (from 2 characters, spec §9), showing name and mobile.
 */
export function CustomerPicker({
  value,
  onChange,
  label,
  error,
  disabled,
  id,
  onCreateNew,
}: {
  value: CustomerMatch | null;
  onChange: (customer: CustomerMatch | null) => void;
  label?: string;
  error?: string | undefined;
  disabled?: boolean;
  id?: string;
  /** When given, '+ New customer "{term}"' is offered under the matches (a walk-in customer). */
  onCreateNew?: (term: string) => void;
}) {
  const t = useT(pickersText);
  const messageText = useMessageText();
  const queryClient = useQueryClient();
  const { company } = useSession();
  const companyId = company?.id ?? null;

  // Through the query cache, so going back to a term already typed asks the server nothing.
  const search = useCallback(
    (term: string) =>
      queryClient.fetchQuery({
        queryKey: customerMatchesQueryKey(companyId, term),
        queryFn: ({ signal }) => searchCustomers(term, signal),
      }),
    [queryClient, companyId],
  );

  return (
    <SearchableDropdown<CustomerMatch>
      label={label ?? t('customer')}
      value={value}
      onChange={onChange}
      search={search}
      getOptionLabel={(c) => `${c.name} — ${c.phone}`}
      getOptionKey={(c) => c.id}
      placeholder={t('customerPlaceholder')}
      error={error ? messageText(error) : error}
      {...(onCreateNew
        ? { onCreateNew, createNewLabel: (term: string) => t('newCustomerNamed', { term }) }
        : {})}
      {...(disabled !== undefined ? { disabled } : {})}
      {...(id !== undefined ? { id } : {})}
    />
  );
}
