import type { CustomerInput } from '@pledge-desk/domain';
import { z } from 'zod';

/** A customer as GET/POST/PUT /customers/ answer it (shell-and-masters §3 plus the code, acc_code). */
export const customerRecordSchema = z.object({
  id: z.number().int(),
  acc_code: z.string(),
  customer_name: z.string(),
  guardian_name: z.string(),
  mobile_number: z.string(),
  alt_mobile_number: z.string().nullable(),
  door_no: z.string(),
  street: z.string(),
  location: z.string(),
  district: z.string(),
  pincode: z.string(),
  /** A short-lived signed link to the image (an <img> cannot send the bearer token). */
  id_proof: z.string().nullable(),
  status: z.boolean(),
  /** A migrated customer with a field empty or not in the form's format, until saved through the form. */
  needs_completion: z.boolean().default(false),
  created_at: z.string(),
});
export type Customer = z.infer<typeof customerRecordSchema>;

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
