import { type RenewalSaved, type RenewPledgeFormInput, rupeesToPaise } from '@pledge-desk/domain';
import { useMemo, useState } from 'react';
import type { RowField } from '@/features/pledges/form/components/pledge-item-table';
import { useSaveRenewal } from '@/features/pledges/renewal/api/renewal-api';
import {
  missingApproval,
  NO_WEIGHT_APPROVAL,
  type WeightApproval,
  type WeightApprovalErrors,
} from '@/features/pledges/renewal/components/weight-approval-fields';
import { renewalText } from '@/features/pledges/renewal/i18n';
import { sentAddRows } from '@/features/pledges/renewal/renew-form-model';
import type { RenewPreview } from '@/features/pledges/renewal/use-renew-preview';
import { ApiError } from '@/lib/api-client';
import { useT } from '@/lib/i18n/language';
import { isAdmin } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { useIdempotentSubmit } from '@/lib/use-idempotent-submit';
import { useDrawerPayoutCheck } from '@/shared/cash-drawer/drawer-payout-notice';

/** A failure that names no field: the server's own words, or the page's when there are none. */
const failureOf = (error: Error | null, fallback: string) =>
  error && !(error instanceof ApiError && error.status === 422)
    ? error instanceof ApiError
      ? error.message
      : fallback
    : null;

/**
 * The save of a renewal: the drawer rules of the cash handed over, the weight approval when a kept
 * article weighs more, the messages of the preview and of the save placed under their fields, and one
 * idempotent request with the figures the clerk read on the panel.
 */
export function useRenewSave(form: RenewPreview) {
  const t = useT(renewalText);
  const { pledge, state, preview, current, settled, rowErrors } = form;
  const [saved, setSaved] = useState<RenewalSaved | null>(null);
  const save = useSaveRenewal();
  // The drawer rules of the cash handed over.
  const drawerPayout = useDrawerPayoutCheck({
    amountPaise: preview.data ? rupeesToPaise(preview.data.cash_to_customer) : 0,
    method: state.method,
    date: state.renewalDate,
  });
  const submission = useIdempotentSubmit();
  const { user } = useSession();
  const admin = isAdmin(user);
  const [approval, setApproval] = useState<WeightApproval>(NO_WEIGHT_APPROVAL);
  const [approvalErrors, setApprovalErrors] = useState<WeightApprovalErrors>({});

  const errors: Record<string, string> = useMemo(
    () => ({
      ...(preview.error instanceof ApiError ? preview.error.fieldMessages() : {}),
      ...(save.error instanceof ApiError ? save.error.fieldMessages() : {}),
    }),
    [preview.error, save.error],
  );
  // Server messages of added rows, by row key (the body lists only the rows with something typed).
  const addErrors = useMemo(() => {
    const out: Record<string, Partial<Record<RowField, string>>> = { ...rowErrors };
    sentAddRows(state.addRows).forEach((row, i) => {
      for (const f of ['jewell_design_id', 'gross_weight', 'net_weight'] as const) {
        const msg = errors[`items.add.${i}.${f}`];
        if (msg) out[row.key] = { ...out[row.key], [f]: msg };
      }
    });
    return out;
  }, [errors, rowErrors, state.addRows]);

  const changeApproval = (patch: Partial<WeightApproval>) => {
    setApproval((a) => ({ ...a, ...patch }));
    setApprovalErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch) as (keyof WeightApproval)[]) delete next[k];
      return next;
    });
  };
  const weightApprovalErrors: WeightApprovalErrors = {
    ...approvalErrors,
    ...(errors.weight_increase_reason ? { reason: errors.weight_increase_reason } : {}),
    ...(errors.approver || errors['approver.username']
      ? { username: errors.approver ?? errors['approver.username'] }
      : {}),
    ...(errors['approver.password'] ? { password: errors['approver.password'] } : {}),
    ...(save.error instanceof ApiError && save.error.status === 429 ? { password: save.error.message } : {}),
  };

  const onSave = () => {
    if (!current || !settled) return;
    const needsApproval = current.weight_increases.length > 0;
    if (needsApproval) {
      const missing = missingApproval(approval, admin);
      setApprovalErrors(missing);
      if (Object.keys(missing).length > 0) return;
    }
    const approver =
      needsApproval && !admin ? { username: approval.username.trim(), password: approval.password } : null;
    const sent: RenewPledgeFormInput = {
      ...settled,
      // The cash the clerk read on the panel: the server refuses the save if its own differs.
      expected_cash_to_customer: current.cash_to_customer,
      expected_cash_from_customer: current.cash_from_customer,
      ...(needsApproval ? { weight_increase_reason: approval.reason.trim() } : {}),
      ...(approver ? { approver } : {}),
    };
    const forgetPassword = () => {
      if (approver) approver.password = '';
      setApproval((a) => ({ ...a, password: '' }));
    };
    // The retry key is held as text: the approver's name goes in it, never the password.
    submission.send(
      approver ? { ...sent, approver: { username: approver.username } } : sent,
      (idempotencyKey) => save.mutateAsync({ pledgeId: pledge.pledge_id, body: sent, idempotencyKey }),
      {
        onSuccess: (renewal) => {
          setSaved(renewal);
          forgetPassword();
        },
        onError: (error) => {
          // The figures moved on the server since the preview: ask for them again.
          if (error instanceof ApiError && error.code === 'FIGURES_CHANGED') void preview.refetch();
          forgetPassword();
        },
      },
    );
  };

  return {
    saved,
    isSaving: save.isPending,
    onSave,
    errors,
    addErrors,
    generalErrors: [errors[''], errors.items, errors.customer_id].filter(Boolean),
    saveFailure: failureOf(save.error, t('saveFailed')),
    previewFailure: failureOf(preview.error, t('saveFailed')),
    drawerPayout,
    admin,
    approval,
    changeApproval,
    weightApprovalErrors,
  };
}

export type RenewSave = ReturnType<typeof useRenewSave>;
