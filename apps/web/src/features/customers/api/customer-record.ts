import { customerInputOf, customerRecordSchema, kycGapEnum } from '@pledge-desk/domain';
import { z } from 'zod';

/**
 * A customer as GET/POST/PUT /customers/ answer it; the masters screen reads the record's fields and
 * the KYC's (issue 33): what is missing (`kyc_gaps`, empty when complete) and the photograph's link.
 * Both default, so an answer from a server without KYC still reads.
 */
export const customerRowSchema = customerRecordSchema.extend({
  kyc_gaps: z.array(kycGapEnum).default([]),
  photo: z.string().nullable().default(null),
});

export { customerInputOf, customerRecordSchema };
export type Customer = z.infer<typeof customerRowSchema>;

export const customersQueryKey = ['customers'] as const;
