import type { CustomerInput } from '../masters.ts';
import { z } from '../zod.ts';
import { kycGapEnum } from './kyc.ts';

/** A customer with the masters screen's fields (shell-and-masters §3) and the code, acc_code. */
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
  needs_completion: z.boolean(),
  created_at: z.string(),
});
export type CustomerRecord = z.infer<typeof customerRecordSchema>;

/**
 * The fields PUT /customers/{id} takes back, from a customer as read (the customers screen's form and
 * the edit pledge screen's customer details). id_proof is left out: the server then keeps the stored
 * image (sending the signed link back would also keep it, but the link may have expired while the
 * form was open).
 */
export function customerInputOf(customer: CustomerRecord): CustomerInput {
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

/**
 * A customer as GET/POST/PUT /customers/ answer it: the record plus the pledge screens' spelling,
 * name/phone/address/city (pledges-and-payments §3). The server's response schema; the web parses with
 * this or with `customerRecordSchema` when it reads only the masters fields.
 */
export const customerViewSchema = customerRecordSchema.extend({
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  /** What the customer's KYC lacks (issue 33; PAN or Form 60 judged on the open loans); empty: complete. */
  kyc_gaps: z.array(kycGapEnum).default([]),
  /** Signed link to the photograph taken at the counter; null when none. */
  photo: z.string().nullable().default(null),
});
export type CustomerView = z.infer<typeof customerViewSchema>;

/** One answer of the customer picker (GET /customers/search). */
export const customerMatchSchema = z.object({ id: z.number().int(), name: z.string(), phone: z.string() });
export type CustomerMatch = z.infer<typeof customerMatchSchema>;
