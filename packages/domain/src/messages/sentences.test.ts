import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginSchema, userLanguageSchema } from '../schemas/auth.ts';
import '../schemas/zod-messages.ts';
import { fillSentence, SENTENCES, type SentenceCode, sentenceOf } from './sentences.ts';

const codes = Object.keys(SENTENCES) as SentenceCode[];
const namesOf = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

describe('the coded sentences', () => {
  it('give each sentence one code: a sentence written from its code finds that code and its parameters again', () => {
    const texts = Object.values(SENTENCES);
    expect(new Set(texts).size).toBe(texts.length);
    const lost: string[] = [];
    for (const code of codes) {
      const params = Object.fromEntries(namesOf(SENTENCES[code]).map((name, i) => [name, `P${i}x`]));
      const found = sentenceOf(fillSentence(code, params));
      if (found?.code !== code || JSON.stringify(found.params) !== JSON.stringify(params)) lost.push(code);
    }
    expect(lost).toEqual([]);
    expect(sentenceOf('Some sentence nobody coded')).toBeUndefined();
  });

  it('name the sentences of the sign-in and language schemas', () => {
    const login = loginSchema.safeParse({ username: '', password: '' });
    expect(login.error?.issues.map((i) => sentenceOf(i.message)?.code)).toEqual([
      'USERNAME_REQUIRED',
      'PASSWORD_REQUIRED',
    ]);
    const language = userLanguageSchema.safeParse({ language: 'fr' });
    expect(language.error?.issues.map((i) => sentenceOf(i.message)?.code)).toEqual(['LANGUAGE_CHOICE']);
  });

  it("give zod's own checks a coded sentence where a schema names none", () => {
    const schema = z
      .object({ name: z.string().max(5), count: z.number(), kind: z.enum(['a', 'b']) })
      .strict();
    const result = schema.safeParse({ name: 'too long', kind: 'c', extra: 1 });
    const found = result.error?.issues.map((i) => sentenceOf(i.message));
    expect(found).toEqual([
      { code: 'common.tooLong', params: { max: '5' } },
      { code: 'common.required', params: {} },
      { code: 'common.chooseListed', params: {} },
      { code: 'common.unknownField', params: {} },
    ]);
  });
});
