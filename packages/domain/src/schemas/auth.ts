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
