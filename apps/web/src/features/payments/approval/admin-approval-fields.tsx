import { formatRupees } from '@pledge-desk/domain';
import { useId } from 'react';
import { TextField } from '@/components/ui/text-field';
import { useT } from '@/lib/i18n/language';
import { approvalText } from './i18n';
import { type AdminApproval, APPROVAL_TEXTS } from './use-admin-approval';

/**
 * The 'Admin approval' step of a clerk's payment: the sentence naming what needs
 * approving and the threshold, and the approving admin's username and password, the server's refusal
 * under them. Nothing for an admin, or while no approval is needed.
 */
export function AdminApprovalFields({
  approval,
  className = '',
}: {
  approval: AdminApproval;
  className?: string;
}) {
  const t = useT(approvalText);
  const messageId = useId();
  if (approval.isAdmin || !approval.isNeeded) return null;
  // The domain's sentence (approvalMessage), in the interface's language.
  const kind =
    approval.kinds.length === 2 ? 'both' : approval.kinds[0] === 'penalty' ? 'penalty' : 'discount';
  const message = !approval.message
    ? null
    : approval.thresholdPaise > 0
      ? t('neededAbove', { kind, amount: formatRupees(approval.thresholdPaise, '₹') })
      : t('needed', { kind });
  // The hook's own messages for a missing field; the server's come translated by the field.
  const usernameError =
    approval.errors.username === APPROVAL_TEXTS.username ? t('usernameRequired') : approval.errors.username;
  const passwordError =
    approval.errors.password === APPROVAL_TEXTS.password ? t('passwordRequired') : approval.errors.password;
  return (
    <fieldset
      className={`space-y-3 rounded-xl border border-slate-300 p-4 dark:border-navy-600 ${className}`}
      aria-describedby={message ? messageId : undefined}
      data-testid="admin-approval"
    >
      <legend className="px-1 text-sm font-semibold text-navy-700 dark:text-white">{t('legend')}</legend>
      {message ? (
        <p id={messageId} className="text-sm text-slate-700 dark:text-slate-200">
          {message}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('username')}
          autoComplete="off"
          maxLength={150}
          value={approval.approver.username}
          error={usernameError}
          onChange={(e) => approval.setUsername(e.target.value)}
        />
        <TextField
          label={t('password')}
          type="password"
          autoComplete="off"
          maxLength={256}
          value={approval.approver.password}
          error={passwordError}
          onChange={(e) => approval.setPassword(e.target.value)}
        />
      </div>
    </fieldset>
  );
}
