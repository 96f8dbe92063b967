import { RELEASE_MESSAGES, RELEASE_RECEIVER_KINDS, releaseNeedsProof } from '../end-of-pledge/release.ts';
import { id, optionalText, plainDate } from './common.ts';
import { z } from './zod.ts';

// Request bodies of the release of a pledge's articles and of the end-of-pledge settings.

/** POST /pledges/{id}/release. */
export const releasePledgeSchema = z
  .object({
    /** The day the articles were handed over; today when left out. */
    released_on: plainDate(RELEASE_MESSAGES.releaseDate).optional(),
    receiver_kind: z.enum(RELEASE_RECEIVER_KINDS, { error: RELEASE_MESSAGES.receiverKind }),
    /** Who took the articles; the pawner's name when left out and the pawner takes them. */
    receiver_name: optionalText(100),
    /** The receiver's identity document (type and number). */
    receiver_id_proof: optionalText(100),
    /** The agent's letter, the legal heir's document or the lost-ticket declaration (s. 8, Rule 6). */
    proof_reference: optionalText(200),
    /** A scan of the proof, a file of the company. */
    proof_file_id: id(RELEASE_MESSAGES.proofFile).nullable().optional(),
    /** The staff member who handed the articles over; the caller when left out. */
    handed_over_by: id(RELEASE_MESSAGES.handedOverBy).nullable().optional(),
    remarks: optionalText(500),
  })
  .superRefine((b, ctx) => {
    if (!releaseNeedsProof(b.receiver_kind)) return;
    if (!b.receiver_name?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['receiver_name'], message: RELEASE_MESSAGES.receiverName });
    }
    if (!b.proof_reference?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['proof_reference'], message: RELEASE_MESSAGES.proofReference });
    }
  });
export type ReleasePledgeInput = z.infer<typeof releasePledgeSchema>;
/** What the release form holds, before defaults. */
export type ReleasePledgeFormInput = z.input<typeof releasePledgeSchema>;

const days = (label: string, max: number, unit = 'days') =>
  z
    .number({ error: `${label}: enter a whole number of ${unit}` })
    .int({ error: `${label}: enter a whole number of ${unit}` })
    .min(0, { error: `${label} cannot be negative` })
    .max(max, { error: `${label} can be at most ${max} ${unit}` });

/** PUT /companies/{id}/end-of-pledge-settings: the bounds of companies_end_of_pledge_check. */
export const endOfPledgeSettingsSchema = z.object({
  overdue_grace_days: days('Grace period', 3650),
  release_wait_working_days: days('Release wait', 3650, 'working days'),
  notice_wait_days: days('Notice period', 3650),
  surplus_hold_months: days('Surplus holding period', 120, 'months'),
});
export type EndOfPledgeSettingsInput = z.infer<typeof endOfPledgeSettingsSchema>;
