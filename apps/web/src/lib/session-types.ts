import { z } from 'zod';

// What the server answers for a user (login, /users/me); the domain's userSchema is the request body.
// Parsed, not trusted: the stored copy may be corrupt or from an older version, and spec §4 says
// corrupt user data forces a logout.
export const sessionUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string().nullable().optional(),
  role: z.enum(['admin', 'user']),
  company_id: z.number().nullable().optional(),
  created_at: z.string().nullable().optional(),
  permissions: z.array(z.string()).default([]),
  // The interface language the user chose; null: the company's default.
  language: z.enum(['en', 'ta']).nullable().optional(),
});

export type User = z.infer<typeof sessionUserSchema>;

export const companyRecordSchema = z.object({
  id: z.number(),
  company_name: z.string(),
  address: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  state: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  logo: z.string().nullable().optional(),
  licence_no: z.string().nullable().optional(),
  status: z.boolean().optional(),
  default_language: z.enum(['en', 'ta']).optional(),
  created_at: z.string().nullable().optional(),
});

export type Company = z.infer<typeof companyRecordSchema>;
