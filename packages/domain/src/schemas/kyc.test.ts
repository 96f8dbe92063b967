import { describe, expect, it } from 'vitest';
import { sentenceOf } from '../messages/sentences.ts';
import { idDocumentSchema, KYC_MESSAGES, nomineeSchema } from './kyc.ts';

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('idDocumentSchema: the number checked by its kind', () => {
  it('takes a valid Aadhaar number typed with spaces', () => {
    expect(idDocumentSchema.safeParse({ kind: 'aadhaar', number: '4991 1866 5246' }).success).toBe(true);
  });

  it('names the Aadhaar check digit under the number', () => {
    expect(messages(idDocumentSchema.safeParse({ kind: 'aadhaar', number: '4991 1866 5247' }))).toEqual([
      `number: ${KYC_MESSAGES.aadhaarCheckDigit}`,
    ]);
  });

  it('a PAN in the wrong form, with its example', () => {
    expect(messages(idDocumentSchema.safeParse({ kind: 'pan', number: 'ABCD1234F' }))).toEqual([
      `number: ${KYC_MESSAGES.panFormat}`,
    ]);
  });

  it('a passport and a driving licence carry their dates, expiry after issue', () => {
    expect(
      idDocumentSchema.safeParse({
        kind: 'passport',
        number: 'J8369854',
        issued_on: '2019-05-10',
        expires_on: '2029-05-09',
      }).success,
    ).toBe(true);
    expect(
      messages(
        idDocumentSchema.safeParse({
          kind: 'driving_licence',
          number: 'TN0720110012345',
          issued_on: '2011-03-01',
          expires_on: '2011-03-01',
        }),
      ),
    ).toEqual([`expires_on: ${KYC_MESSAGES.expiryBeforeIssue}`]);
  });

  it('a voter ID has no dates', () => {
    expect(
      messages(
        idDocumentSchema.safeParse({ kind: 'voter_id', number: 'TNX1234567', expires_on: '2030-01-01' }),
      ),
    ).toEqual([`expires_on: ${KYC_MESSAGES.noDates}`]);
  });

  it('an unknown kind and a missing number are refused with their sentences', () => {
    expect(messages(idDocumentSchema.safeParse({ kind: 'library_card', number: 'X1' }))[0]).toBe(
      `kind: ${KYC_MESSAGES.kindChoice}`,
    );
    expect(messages(idDocumentSchema.safeParse({ kind: 'pan', number: '  ' }))[0]).toBe(
      `number: ${KYC_MESSAGES.numberRequired}`,
    );
  });

  it('every KYC message is a coded sentence (the web shows it in Tamil)', () => {
    for (const [key, text] of Object.entries(KYC_MESSAGES))
      expect(sentenceOf(text)?.code, key).toBe(`kyc.${key}`);
  });
});

describe('nomineeSchema', () => {
  it('takes a name, a relation and a mobile typed with +91, stored as 10 digits', () => {
    const parsed = nomineeSchema.parse({ name: 'Lakshmi', relation: 'Wife', mobile: '+91 98400 12345' });
    expect(parsed.mobile).toBe('9840012345');
  });

  it('the mobile is optional, the name and relation are not', () => {
    expect(nomineeSchema.safeParse({ name: 'Lakshmi', relation: 'Wife' }).success).toBe(true);
    expect(messages(nomineeSchema.safeParse({ name: '', relation: '' }))).toEqual([
      `name: ${KYC_MESSAGES.nomineeName}`,
      `relation: ${KYC_MESSAGES.nomineeRelation}`,
    ]);
  });
});
