import { array, boolean, type Infer, number, object, oneOf, string } from './shape';

// What the server answers for a user (login, /users/me); the domain's userSchema is the request body.
// Parsed, not trusted: the stored copy may be corrupt or from an older version, and spec §4 says
// corrupt user data forces a logout. Shapes (lib/shape.ts), not zod: the sign-in screen and the shell
// read them, and fetch no zod (issue 32).
export const sessionUserSchema = object({
  id: number(),
  username: string(),
  email: string().nullable().optional(),
  role: oneOf(['admin', 'user']),
  company_id: number().nullable().optional(),
  created_at: string().nullable().optional(),
  permissions: array(string()).default([]),
  // The interface language the user chose; null: the company's default.
  language: oneOf(['en', 'ta']).nullable().optional(),
});

export type User = Infer<typeof sessionUserSchema>;

export const companyRecordSchema = object({
  id: number(),
  company_name: string(),
  address: string().nullable().optional(),
  city: string().nullable().optional(),
  state: string().nullable().optional(),
  phone: string().nullable().optional(),
  logo: string().nullable().optional(),
  licence_no: string().nullable().optional(),
  status: boolean().optional(),
  default_language: oneOf(['en', 'ta']).optional(),
  created_at: string().nullable().optional(),
});

export type Company = Infer<typeof companyRecordSchema>;
