import { z } from 'zod';

/** POST /auth/login (shell-and-masters §5: username and password both required). */
export const loginSchema = z.object({
  // Not trimmed: a password is taken exactly as typed, and so is the username it belongs to.
  username: z.string({ error: 'Username is required' }).min(1, { error: 'Username is required' }),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }),
});
export type LoginInput = z.infer<typeof loginSchema>;
