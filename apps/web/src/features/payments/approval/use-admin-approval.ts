import {
  type ApprovalKind,
  approvalMessage,
  approvalsNeeded,
  type PledgePaymentInput,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { isAdmin } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { useCompliance } from '@/shared/api/compliance-settings';

export type Approver = NonNullable<PledgePaymentInput['approver']>;

/** Messages under the approver's two fields. */
export interface ApproverErrors {
  username?: string;
  password?: string;
}

export const APPROVAL_TEXTS = {
  username: 'Enter the approving admin’s username',
  password: 'Enter the approving admin’s password',
} as const;

const NO_KINDS: readonly ApprovalKind[] = [];

/**
 * The admin's approval of a receipt's discount or penalty, as a payment screen asks
 * for it. An admin taking the payment approves it themselves: nothing to ask. Anyone else needs an
 * admin's username and password once the discount or the penalty passes the branch's threshold (the
 * domain's `approvalsNeeded`, the server's own rule; ₹0 while the settings are unread, the default).
 *
 * The password lives in this hook's state only while it is being typed: `settle` empties it after
 * every answer, and `idempotencyBody` keeps it out of the retry key the screen holds on to.
 */
export function useAdminApproval({
  discountPaise,
  penaltyPaise,
}: {
  discountPaise: number;
  penaltyPaise: number;
}) {
  const { user } = useSession();
  const compliance = useCompliance();
  const admin = isAdmin(user);
  const thresholdPaise = rupeesToPaise(compliance.data?.approval_threshold ?? 0);
  const kinds = admin ? NO_KINDS : approvalsNeeded({ discountPaise, penaltyPaise, thresholdPaise });
  const [approver, setApprover] = useState<Approver>({ username: '', password: '' });
  const [errors, setErrors] = useState<ApproverErrors>({});
  // The server may ask when this screen thought it need not (the threshold lowered meanwhile): its
  // message then stands under the username, and the fields stay until the payment is settled.
  const [wasAsked, setWasAsked] = useState(false);
  // The approver object of the request in flight: the mutation keeps its variables after the answer,
  // so the password is wiped from that very object too, not only from the field.
  const sent = useRef<Approver | null>(null);
  const isNeeded = kinds.length > 0 || wasAsked;

  return {
    isAdmin: admin,
    isNeeded,
    message: kinds.length > 0 ? approvalMessage(kinds, thresholdPaise) : null,
    /** What needs approving and the threshold, for the message in the interface's language. */
    kinds,
    thresholdPaise,
    approver,
    errors,
    setUsername(username: string) {
      setApprover((a) => ({ ...a, username }));
      setErrors(({ username: _, ...rest }) => rest);
    },
    setPassword(password: string) {
      setApprover((a) => ({ ...a, password }));
      setErrors(({ password: _, ...rest }) => rest);
    },
    /** The missing fields, shown under them; true when the payment may be sent. */
    check(): boolean {
      if (!isNeeded) return true;
      const found: ApproverErrors = {};
      if (approver.username.trim() === '') found.username = APPROVAL_TEXTS.username;
      if (approver.password === '') found.password = APPROVAL_TEXTS.password;
      setErrors(found);
      return Object.keys(found).length === 0;
    },
    /** What the request sends as `approver`: only while an approval is needed. */
    body(): Approver | null {
      sent.current =
        isNeeded && approver.username.trim() !== ''
          ? { username: approver.username.trim(), password: approver.password }
          : null;
      return sent.current;
    },
    /**
     * After the answer: the password is emptied whatever it was. On a refusal, the messages about the
     * approver (a 422 under `approver`, `approver.username` or `approver.password`, or the sign-in
     * throttle's 429) go under the fields; true when there were any.
     */
    settle(error?: unknown): boolean {
      if (sent.current) sent.current.password = '';
      sent.current = null;
      setApprover((a) => ({ ...a, password: '' }));
      if (error === undefined) {
        setApprover({ username: '', password: '' });
        setErrors({});
        setWasAsked(false);
        return false;
      }
      const found = approverErrorsOf(error);
      setErrors(found);
      if (Object.keys(found).length === 0) return false;
      if (kinds.length === 0) {
        setWasAsked(true);
        void compliance.refetch();
      }
      return true;
    },
    /** Another pledge or customer: nothing typed stays. */
    reset() {
      setApprover({ username: '', password: '' });
      setErrors({});
      setWasAsked(false);
    },
  };
}

export type AdminApproval = ReturnType<typeof useAdminApproval>;

/** The approver's messages of a refused payment: 422 items under `approver…`, or a 429's sentence. */
export function approverErrorsOf(error: unknown): ApproverErrors {
  if (!(error instanceof ApiError)) return {};
  if (error.status === 429) return { password: error.message };
  if (error.status !== 422) return {};
  const found: ApproverErrors = {};
  for (const [field, message] of Object.entries(error.fieldMessages())) {
    if (field === 'approver' || field === 'approver.username') found.username ??= message;
    else if (field.startsWith('approver')) found.password ??= message;
  }
  return found;
}

/** A 422 field the approval fields show, which the screen's own placing skips. */
export const isApproverField = (field: string) => field === 'approver' || field.startsWith('approver.');

/**
 * The body a screen keys its retry on (`idempotencyKeyFor` keeps it as text): the approver's name
 * without the password, so the password is never held after the request.
 */
export function idempotencyBody<T extends { approver?: Approver | null }>(body: T) {
  const { approver, ...rest } = body;
  return approver ? { ...rest, approver: { username: approver.username } } : rest;
}
