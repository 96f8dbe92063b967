import { TextField } from '@/components/ui/text-field';
import { useT } from '@/lib/i18n/language';
import { renewalText } from '../i18n';

/** What the clerk types when a kept article weighs more than stored. */
export interface WeightApproval {
  reason: string;
  username: string;
  password: string;
}

export const NO_WEIGHT_APPROVAL: WeightApproval = { reason: '', username: '', password: '' };

export type WeightApprovalErrors = Partial<Record<keyof WeightApproval, string>>;

/** The fields left empty that the save needs: the reason always, the approver's unless an admin saves. */
export function missingApproval(value: WeightApproval, isAdmin: boolean): WeightApprovalErrors {
  const found: WeightApprovalErrors = {};
  if (!value.reason.trim()) found.reason = 'enterReason';
  if (!isAdmin && !value.username.trim()) found.username = 'enterApproverUsername';
  if (!isAdmin && !value.password) found.password = 'enterApproverPassword';
  return found;
}

/**
 * A kept article weighed heavier than its pledge stored: gold does not gain weight, so the renewal
 * keeps a reason and an admin's approval, the renewing admin's own or, for a clerk, the name and
 * password of an admin standing at the counter (checked by the server as a sign-in is).
 */
export function WeightApprovalFields({
  isAdmin,
  value,
  errors,
  onChange,
}: {
  isAdmin: boolean;
  value: WeightApproval;
  /** Messages under the fields: this screen's own keys, or the server's sentences. */
  errors: WeightApprovalErrors;
  onChange: (patch: Partial<WeightApproval>) => void;
}) {
  const t = useT(renewalText);
  const text = (m: string | undefined) =>
    m === 'enterReason' || m === 'enterApproverUsername' || m === 'enterApproverPassword' ? t(m) : m;
  return (
    <fieldset
      className="space-y-3 rounded-2xl border border-amber-300 bg-amber-50 p-5 dark:border-amber-800 dark:bg-amber-950/40"
      data-testid="weight-approval"
    >
      <legend className="px-1 text-sm font-bold text-amber-900 dark:text-amber-200">
        {t('weightApproval')}
      </legend>
      <p className="text-sm text-amber-900 dark:text-amber-100">
        {isAdmin ? t('weightApprovalAdmin') : t('weightApprovalClerk')}
      </p>
      <TextField
        label={t('weightReason')}
        maxLength={500}
        autoComplete="off"
        value={value.reason}
        error={text(errors.reason)}
        onChange={(e) => onChange({ reason: e.target.value })}
      />
      {isAdmin ? null : (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('approverUsername')}
            autoComplete="off"
            maxLength={150}
            value={value.username}
            error={text(errors.username)}
            onChange={(e) => onChange({ username: e.target.value })}
          />
          <TextField
            label={t('approverPassword')}
            type="password"
            autoComplete="off"
            maxLength={256}
            value={value.password}
            error={text(errors.password)}
            onChange={(e) => onChange({ password: e.target.value })}
          />
        </div>
      )}
    </fieldset>
  );
}
