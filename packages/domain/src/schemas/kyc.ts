import { ID_DOCUMENT_KINDS, type IdDocumentKind, idNumberProblem } from '../kyc/id-numbers.ts';
import { plainDate, requiredText } from './common.ts';
import { CUSTOMER_MESSAGES, isIndianMobile, normaliseMobile } from './masters.ts';
import { z } from './zod.ts';

/**
 * Request bodies of a customer's KYC (issue 33): an ID document with its number, and the nominee. The
 * number is checked by its kind's rule (kyc/id-numbers.ts); the server keeps an Aadhaar number's last
 * four digits only.
 */

export const KYC_MESSAGES = {
  kindChoice: 'Choose the kind of document.',
  numberRequired: 'Enter the document number.',
  aadhaarDigits: 'An Aadhaar number has 12 digits.',
  aadhaarFirstDigit: 'An Aadhaar number never starts with 0 or 1.',
  aadhaarCheckDigit: 'This Aadhaar number is not valid: check its digits.',
  panFormat: 'Enter the PAN as on the card: five letters, four digits and a letter (ABCDE1234F).',
  voterIdFormat: 'Enter the voter ID as on the card: three letters and seven digits (ABC1234567).',
  passportFormat: 'Enter the passport number: a letter and seven digits (J8369854).',
  drivingLicenceFormat:
    'Enter the driving licence number: state, RTO, year and seven digits (TN07 20110012345).',
  rationCardFormat: 'Enter the ration card number: 4 to 20 letters and digits.',
  otherFormat: 'Enter the document number: 4 to 20 letters and digits.',
  noDates: 'This kind of document has no issue or expiry date.',
  expiryBeforeIssue: 'The expiry date must be after the issue date.',
  issueDate: 'Issue date must be a date',
  expiryDate: 'Expiry date must be a date',
  nomineeName: 'Enter the nominee’s name.',
  nomineeRelation: 'Enter how the nominee is related to the customer.',
} as const;

/** The kinds whose card carries an issue and an expiry date. */
export const DATED_ID_KINDS: readonly IdDocumentKind[] = ['passport', 'driving_licence'];

/** POST /customers/{id}/id-documents: a document's kind, number and (passport, licence) its dates. */
export const idDocumentSchema = z
  .object({
    kind: z.enum(ID_DOCUMENT_KINDS, { error: KYC_MESSAGES.kindChoice }),
    number: requiredText(KYC_MESSAGES.numberRequired, 30),
    issued_on: plainDate(KYC_MESSAGES.issueDate).nullable().optional(),
    expires_on: plainDate(KYC_MESSAGES.expiryDate).nullable().optional(),
  })
  .superRefine((value, ctx) => {
    const problem = idNumberProblem(value.kind, value.number);
    if (problem) ctx.addIssue({ code: 'custom', path: ['number'], message: KYC_MESSAGES[problem] });
    const dated = DATED_ID_KINDS.includes(value.kind);
    if (!dated && (value.issued_on || value.expires_on)) {
      ctx.addIssue({
        code: 'custom',
        path: [value.issued_on ? 'issued_on' : 'expires_on'],
        message: KYC_MESSAGES.noDates,
      });
    }
    if (value.issued_on && value.expires_on && value.expires_on <= value.issued_on) {
      ctx.addIssue({ code: 'custom', path: ['expires_on'], message: KYC_MESSAGES.expiryBeforeIssue });
    }
  });
export type IdDocumentInput = z.infer<typeof idDocumentSchema>;

/** PUT /customers/{id}/nominee: name, relation and mobile; null clears the nominee. */
export const nomineeSchema = z.object({
  name: requiredText(KYC_MESSAGES.nomineeName, 150),
  relation: requiredText(KYC_MESSAGES.nomineeRelation, 40),
  mobile: z
    .string()
    .trim()
    .max(20)
    .overwrite(normaliseMobile)
    .refine((v) => v === '' || isIndianMobile(v), { error: CUSTOMER_MESSAGES.mobile })
    .nullable()
    .optional(),
});
export type NomineeInput = z.infer<typeof nomineeSchema>;

/** PUT /customers/{id}/form60: the day the customer signed a Form 60 declaration (in place of a PAN). */
export const form60Schema = z.object({
  declared_on: plainDate('Declaration date must be a date'),
});
export type Form60Input = z.infer<typeof form60Schema>;
