import type { PledgeView } from '@pledge-desk/domain';
import { useEffect, useMemo, useState } from 'react';
import type { RowField } from '@/features/pledges/form/components/pledge-item-table';
import { useRenewalPreview } from '@/features/pledges/renewal/api/renewal-api';
import { bodyOf, type RenewFormState, renewFormOf } from '@/features/pledges/renewal/renew-form-model';

/** The body a preview was last asked for, a moment after the typing stops. */
function useSettled<T>(value: T, ms = 350): T {
  const [settled, setSettled] = useState(value);
  const text = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the text stands for the value.
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

/**
 * The renewal as typed and the server's preview of it: the body is asked for a moment after the
 * typing stops, and the figures count as the form's only while they answer that same body.
 */
export function useRenewPreview(pledge: PledgeView) {
  const [state, setState] = useState<RenewFormState>(() => renewFormOf(pledge));
  const [rowErrors, setRowErrors] = useState<Record<string, Partial<Record<RowField, string>>>>({});
  const set = (patch: Partial<RenewFormState>) => setState((s) => ({ ...s, ...patch }));
  const body = useMemo(() => bodyOf(state), [state]);
  const settled = useSettled(body);
  const preview = useRenewalPreview(pledge.pledge_id, settled);
  // The figures on the panel are those of the form only when nothing was typed since they were asked
  // for and their answer is in (the panel showed the figures of a loan typed before,
  // '(updating…)', while Save sent the new loan). Save needs them, and sends the body they were for.
  const isSettled = body !== null && JSON.stringify(body) === JSON.stringify(settled);
  const current =
    isSettled && !preview.isPlaceholderData && !preview.isFetching && !preview.isError
      ? (preview.data ?? null)
      : null;
  const increases = preview.data?.weight_increases ?? [];
  const heavier = new Set(increases.map((w) => w.pledge_item_id));
  const ratePaise = preview.data ? Math.round(preview.data.new_pledge.rate_per_gram * 100) : null;

  return {
    pledge,
    state,
    setState,
    set,
    rowErrors,
    setRowErrors,
    body,
    settled,
    preview,
    current,
    increases,
    heavier,
    ratePaise,
  };
}

export type RenewPreview = ReturnType<typeof useRenewPreview>;
