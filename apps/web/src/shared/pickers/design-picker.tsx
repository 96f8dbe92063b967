import { jewelDesignSchema } from '@pledge-desk/domain';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { SearchableDropdown } from '@/components/ui/searchable-dropdown';
import { useToast } from '@/components/ui/toasts';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { useSession } from '@/lib/session';
import { type Design, designsQueryKey, searchDesigns } from '../api/search-designs';
import { pickersText } from './i18n';

// Loaded when '+ Create new' is first chosen: the pledge form need not carry it (docs/performance.md).
const CreateDesignDialog = lazy(async () => ({
  default: (await import('./create-design-dialog')).CreateDesignDialog,
}));

/**
 * The pledge item's design (pledges-and-payments §2.1): searches the company's designs and offers
 * '+ Create new "{term}"', which asks whether it is a coin, saves the design and chooses it. Coins are
 * marked in the list.
 */
export function DesignPicker({
  value,
  onChange,
  label,
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
  const t = useT(pickersText);
  const messageText = useMessageText();
  const queryClient = useQueryClient();
  const { company } = useSession();
  const companyId = company?.id ?? null;
  const [creating, setCreating] = useState<string | null>(null);
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

  // '+ Create new' asks whether the design is a coin before saving it; the typed text stays meanwhile.
  const create = (term: string) => {
    const parsed = jewelDesignSchema.safeParse({ design_name: term });
    if (!parsed.success) {
      showToast({
        type: 'error',
        title: t('error'),
        message: messageText(parsed.error.issues[0]?.message ?? t('invalidName')),
      });
      return;
    }
    setCreating(parsed.data.design_name);
  };

  const created = (design: Design) => {
    onChange(design);
    showToast({
      type: 'success',
      title: t('designCreated'),
      message: t('designAdded', { name: design.design_name }),
    });
  };

  return (
    <>
      <SearchableDropdown<Design>
        label={label ?? t('design')}
        value={value}
        onChange={onChange}
        search={search}
        getOptionLabel={(design) => design.design_name}
        renderOption={(design) => (
          <span className="flex items-center justify-between gap-2">
            {design.design_name}
            {design.is_coin ? (
              <>
                {' '}
                <CoinMark />
              </>
            ) : null}
          </span>
        )}
        getOptionKey={(design) => design.id}
        onCreateNew={create}
        placeholder={t('designPlaceholder')}
        error={error ? messageText(error) : error}
        {...(disabled !== undefined ? { disabled } : {})}
        {...(id !== undefined ? { id } : {})}
      />
      {creating !== null ? (
        <Suspense fallback={null}>
          <CreateDesignDialog name={creating} onCreated={created} onClose={() => setCreating(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The mark of a coin among the designs (the RBI regime weighs coins apart from ornaments). */
export function CoinMark() {
  const t = useT(pickersText);
  return (
    <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800 dark:bg-amber-900/40 dark:text-amber-200">
      {t('coin')}
    </span>
  );
}
