import { type CustomerInput, type CustomerRecord, customerRecordSchema } from '@pledge-desk/domain';

/** A customer as GET/POST/PUT /customers/ answer it; the masters screen reads the record's fields. */
export { customerRecordSchema };
export type Customer = CustomerRecord;

export const customersQueryKey = ['customers'] as const;

/**
 * The fields PUT takes back. id_proof is left out: the server then keeps the stored image (sending the
 * signed link back would also keep it, but the link may have expired while the form was open).
 */
export function customerInputOf(customer: Customer): CustomerInput {
  return {
    customer_name: customer.customer_name,
    guardian_name: customer.guardian_name,
    mobile_number: customer.mobile_number,
    alt_mobile_number: customer.alt_mobile_number,
    door_no: customer.door_no,
    street: customer.street,
    location: customer.location,
    district: customer.district,
    pincode: customer.pincode,
    status: customer.status,
  };
}
