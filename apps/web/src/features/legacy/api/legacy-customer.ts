import { z } from 'zod';

/**
 * A customer of the older system as the server answers it (shell-and-masters §3, Migration customer):
 * `name` and `address` already converted from TSCII to Unicode Tamil, `*_original` the old text as
 * stored, and the Pledge Desk customer it became, once migrated.
 */
export const legacyCustomerSchema = z.object({
  pno: z.union([z.string(), z.number()]).transform(String),
  name: z.string().nullable().default(''),
  address: z.string().nullable().default(''),
  phoneno: z.string().nullable().default(''),
  mobile: z.string().nullable().default(''),
  cust_refno: z.string().nullable().default(''),
  name_original: z.string().nullable().default(''),
  address_original: z.string().nullable().default(''),
  migrated_customer_id: z.number().int().nullable().default(null),
  migrated_customer_code: z.string().nullable().default(null),
});
export type LegacyCustomer = z.infer<typeof legacyCustomerSchema>;

export const legacyCustomersQueryKey = ['legacy-customers'] as const;

/**
 * The address as the Migrate table shows it (spec §2): the address joined with the phone number,
 * unless the address already holds that number (old records often typed it into the address).
 * Spaces and dashes are ignored when looking for the number, so "0452-2345678" is found in
 * "… Ph 0452 2345678".
 */
export function addressWithPhone(
  address: string | null | undefined,
  phone: string | null | undefined,
): string {
  const text = (address ?? '').trim();
  const number = (phone ?? '').trim();
  if (number === '') return text;
  if (text === '') return number;
  const digitsOf = (value: string) => value.replace(/[\s\-/().]/g, '');
  if (text.includes(number) || digitsOf(text).includes(digitsOf(number))) return text;
  return `${text}, ${number}`;
}
