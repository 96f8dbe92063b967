import { ID_DOCUMENT_KINDS } from '../../kyc/id-numbers.ts';
import { KYC_GAPS, KYC_INCOMPLETE_MODES } from '../../kyc/kyc-status.ts';
import { z } from '../zod.ts';

/**
 * A customer's KYC as the API answers it (issue 33). An Aadhaar number is only ever answered masked
 * (`XXXX XXXX 1234`): the server keeps its last four digits and nothing more.
 */

export const kycGapEnum = z.enum(KYC_GAPS);

/** One ID document of a customer (GET /customers/{id}/kyc, POST /customers/{id}/id-documents). */
export const idDocumentViewSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ID_DOCUMENT_KINDS),
  /** As it may be shown: an Aadhaar masked (XXXX XXXX 1234), any other number whole. */
  number: z.string(),
  issued_on: z.string().nullable(),
  expires_on: z.string().nullable(),
  /** True when expires_on is before the branch's today. */
  expired: z.boolean(),
  /** Short-lived signed links to the images of the front and the back (null: none uploaded). */
  front: z.string().nullable(),
  back: z.string().nullable(),
  created_at: z.string(),
});
export type IdDocumentView = z.infer<typeof idDocumentViewSchema>;

export const nomineeViewSchema = z.object({
  name: z.string(),
  relation: z.string(),
  mobile: z.string().nullable(),
});
export type NomineeView = z.infer<typeof nomineeViewSchema>;

/** GET /customers/{id}/kyc (and the answer of every KYC change): everything, with what is missing. */
export const customerKycSchema = z.object({
  customer_id: z.number().int(),
  documents: z.array(idDocumentViewSchema),
  /** Signed link to the photograph taken at the counter; null when none. */
  photo: z.string().nullable(),
  nominee: nomineeViewSchema.nullable(),
  /** The day a Form 60 declaration was signed; null when none is on file. */
  form60_declared_on: z.string().nullable(),
  /** The old single ID-proof image is from before the masking dialog and nobody has looked at it yet. */
  id_proof_needs_review: z.boolean(),
  /** The branch's PAN / Form 60 rule (rupees), and the customer's open loans (remaining principal). */
  pan_rule: z.object({ applies: z.boolean(), threshold: z.number() }),
  open_loans: z.number(),
  /**
   * True when PAN or Form 60 is needed: with `?loan=` (rupees, the pledge form's amount), for that new
   * loan with the open ones; without it, for the open loans alone.
   */
  pan_needed: z.boolean(),
  /** What is missing, in the register's order; empty when complete. */
  gaps: z.array(kycGapEnum),
  status: z.enum(['complete', 'incomplete']),
  /** The branch's setting for a new pledge while incomplete. */
  incomplete_mode: z.enum(KYC_INCOMPLETE_MODES),
});
export type CustomerKyc = z.infer<typeof customerKycSchema>;

/** One customer of the incomplete-KYC register. */
export const kycRegisterRowSchema = z.object({
  customer_id: z.number().int(),
  customer_code: z.string(),
  customer_name: z.string(),
  mobile_number: z.string(),
  gaps: z.array(kycGapEnum),
  open_pledges: z.number().int(),
  open_loans: z.number(),
  created_at: z.string(),
});
export type KycRegisterRow = z.infer<typeof kycRegisterRowSchema>;

/** GET /registers/kyc-incomplete: active customers whose KYC has a gap, by customer code (paged). */
export const kycRegisterSchema = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  total_count: z.number().int(),
  /** How many customers lack each piece (over the whole register, not the page). */
  by_gap: z.object({
    id_document: z.number().int(),
    photo: z.number().int(),
    pan_or_form60: z.number().int(),
    id_proof_review: z.number().int(),
  }),
  rows: z.array(kycRegisterRowSchema),
});
export type KycRegister = z.infer<typeof kycRegisterSchema>;
