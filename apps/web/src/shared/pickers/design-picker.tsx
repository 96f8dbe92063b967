import { jewelDesignSchema } from '@pledge-desk/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { SearchableDropdown } from '../../components/ui/searchable-dropdown';
import { useToast } from '../../components/ui/toasts';
import { useSession } from '../../lib/session';
import { useCreateDesign } from '../api/create-design';
import { type Design, designsQueryKey, searchDesigns } from '../api/search-designs';

/**
 * The pledge item's design (pledges-and-payments §2.1): searches the company's designs and offers
 * '+ Create new "{term}"', which saves the design and chooses it.
 */
export function DesignPicker({
  value,
  onChange,
  label = 'Design',
  error,
  disabled,
  id,
}: {
  value: Design | null;
  onChange: (design: Design | null) => void;
  label?: string;
  error?: string | undefined;
  disabled?: boolean;
  id?: string;
}) {
  const queryClient = useQueryClient();
  const { company } = useSession();
  const companyId = company?.id ?? null;
  const createDesign = useCreateDesign();
  const { showToast } = useToast();

  // Through the query cache, so going back to a term already typed asks the server nothing.
  const search = useCallback(
    (term: string) =>
      queryClient.fetchQuery({
        queryKey: designsQueryKey(companyId, term),
        queryFn: ({ signal }) => searchDesigns(term, signal),
      }),
    [queryClient, companyId],
  );

  const create = async (term: string) => {
    const parsed = jewelDesignSchema.safeParse({ design_name: term });
    if (!parsed.success) {
      showToast({
        type: 'error',
        title: 'Error',
        message: parsed.error.issues[0]?.message ?? 'Invalid name',
      });
      return;
    }
    try {
      const design = await createDesign.mutateAsync(parsed.data);
      onChange(design);
      showToast({
        type: 'success',
        title: 'Design created',
        message: `${design.design_name} has been added.`,
      });
    } catch {
      // The mutation's own error toast has said why (a duplicate name is a 409 with a sentence).
    }
  };

  return (
    <SearchableDropdown<Design>
      label={label}
      value={value}
      onChange={onChange}
      search={search}
      getOptionLabel={(design) => design.design_name}
      getOptionKey={(design) => design.id}
      onCreateNew={create}
      placeholder="Search designs..."
      error={error}
      {...(disabled !== undefined ? { disabled } : {})}
      {...(id !== undefined ? { id } : {})}
    />
  );
}
