import { useId } from 'react';
import { TextField } from '../../../components/ui/text-field';
import type { AdminApproval } from './use-admin-approval';

/**
 * The 'Admin approval' step of a clerk's payment (issue 16 item 3): the sentence naming what needs
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
  const messageId = useId();
  if (approval.isAdmin || !approval.isNeeded) return null;
  return (
    <fieldset
      className={`space-y-3 rounded-xl border border-slate-300 p-4 dark:border-navy-600 ${className}`}
      aria-describedby={approval.message ? messageId : undefined}
      data-testid="admin-approval"
    >
      <legend className="px-1 text-sm font-semibold text-navy-700 dark:text-white">Admin approval</legend>
      {approval.message ? (
        <p id={messageId} className="text-sm text-slate-700 dark:text-slate-200">
          {approval.message}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Admin username"
          autoComplete="off"
          maxLength={150}
          value={approval.approver.username}
          error={approval.errors.username}
          onChange={(e) => approval.setUsername(e.target.value)}
        />
        <TextField
          label="Admin password"
          type="password"
          autoComplete="off"
          maxLength={256}
          value={approval.approver.password}
          error={approval.errors.password}
          onChange={(e) => approval.setPassword(e.target.value)}
        />
      </div>
    </fieldset>
  );
}
