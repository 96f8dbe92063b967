import { describe, expect, it } from 'vitest';
import { loginSchema, userLanguageSchema } from '../schemas/auth.ts';
import { MESSAGE_CODES, messageCodeOf } from './message-codes.ts';

describe('message codes', () => {
  it('give each sentence one code, so a sentence finds its code again', () => {
    const texts = Object.values(MESSAGE_CODES);
    expect(new Set(texts).size).toBe(texts.length);
    for (const [code, text] of Object.entries(MESSAGE_CODES)) expect(messageCodeOf(text)).toBe(code);
    expect(messageCodeOf('Some sentence nobody coded')).toBeUndefined();
  });

  it('are the sentences the sign-in and language schemas give', () => {
    const login = loginSchema.safeParse({ username: '', password: '' });
    expect(login.error?.issues.map((i) => messageCodeOf(i.message))).toEqual([
      'USERNAME_REQUIRED',
      'PASSWORD_REQUIRED',
    ]);
    const language = userLanguageSchema.safeParse({ language: 'fr' });
    expect(language.error?.issues.map((i) => messageCodeOf(i.message))).toEqual(['LANGUAGE_CHOICE']);
  });
});
