import { z } from 'zod';

/** POST /auth/login (shell-and-masters §5: username and password both required). */
export const loginSchema = z.object({
  // Not trimmed: a password is taken exactly as typed, and so is the username it belongs to.
  username: z
    .string({ error: 'Username is required' })
    .min(1, { error: 'Username is required' })
    .max(150, { error: 'Username must be at most 150 characters' }),
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required' })
    .max(1000, { error: 'Password must be at most 1000 characters' }),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The interface languages (issue 17): English and Tamil. */
export const LANGUAGES = ['en', 'ta'] as const;
export type Language = (typeof LANGUAGES)[number];
export const languageValue = z.enum(LANGUAGES, { error: 'Choose English or Tamil' });

/** PUT /users/me/language: the signed-in user's interface language. */
export const userLanguageSchema = z.object({ language: languageValue });
export type UserLanguageInput = z.infer<typeof userLanguageSchema>;

/** PUT /companies/{id}/language: the interface language of the branch's users who chose none. */
export const companyLanguageSchema = z.object({ default_language: languageValue });
export type CompanyLanguageInput = z.infer<typeof companyLanguageSchema>;
