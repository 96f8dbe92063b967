import { type CustomerRecord, customerInputOf, customerRecordSchema } from '@pledge-desk/domain';

/** A customer as GET/POST/PUT /customers/ answer it; the masters screen reads the record's fields. */
export { customerInputOf, customerRecordSchema };
export type Customer = CustomerRecord;

export const customersQueryKey = ['customers'] as const;
