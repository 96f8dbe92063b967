import { requiredText } from './common.ts';
import { z } from './zod.ts';

/** PUT /companies/{id} (shell-and-masters §5: company_name, address, city, state, phone, licence_no required). */
export const companySchema = z.object({
  company_name: requiredText('Company name is required'),
  address: requiredText('Address is required', 1000),
  city: requiredText('City is required'),
  state: requiredText('State is required'),
  phone: requiredText('Phone is required', 50),
  licence_no: requiredText('Licence number is required', 100),
  status: z.boolean({ error: 'Status must be true or false' }).default(true),
  logo: z.string().max(1000).nullable().optional(),
});
/** The parsed body (status filled in). */
export type CompanyInput = z.infer<typeof companySchema>;
/** What a form or client may send (status optional). */
export type CompanyFormInput = z.input<typeof companySchema>;
