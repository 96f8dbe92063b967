import { FIRST_SENTENCES as M } from '../messages/first-sentences.ts';
import { z } from './zod.ts';

/** POST /auth/login (shell-and-masters §5: username and password both required). */
export const loginSchema = z.object({
  // Not trimmed: a password is taken exactly as typed, and so is the username it belongs to.
  username: z
    .string({ error: M.USERNAME_REQUIRED })
    .min(1, { error: M.USERNAME_REQUIRED })
    .max(150, { error: M.USERNAME_TOO_LONG }),
  password: z
    .string({ error: M.PASSWORD_REQUIRED })
    .min(1, { error: M.PASSWORD_REQUIRED })
    .max(1000, { error: M.PASSWORD_TOO_LONG }),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The interface languages: English and Tamil. */
export const LANGUAGES = ['en', 'ta'] as const;
export type Language = (typeof LANGUAGES)[number];
export const languageValue = z.enum(LANGUAGES, { error: M.LANGUAGE_CHOICE });

/** PUT /users/me/language: the signed-in user's interface language. */
export const userLanguageSchema = z.object({ language: languageValue });
export type UserLanguageInput = z.infer<typeof userLanguageSchema>;

/** PUT /companies/{id}/language: the interface language of the branch's users who chose none. */
export const companyLanguageSchema = z.object({ default_language: languageValue });
export type CompanyLanguageInput = z.infer<typeof companyLanguageSchema>;
