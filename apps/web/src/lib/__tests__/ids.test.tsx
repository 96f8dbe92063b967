import { describe, expect, it } from 'vitest';
import { idFrom, MAX_ID } from '../ids';

describe('idFrom', () => {
  it('reads an id of digits within int4, above 0', () => {
    expect(idFrom('1')).toBe(1);
    expect(idFrom('0042')).toBe(42);
    expect(idFrom(String(MAX_ID))).toBe(MAX_ID);
  });
  it('refuses what cannot be an id', () => {
    for (const bad of [
      null,
      undefined,
      '',
      '0',
      '-1',
      '1.5',
      '1e3',
      ' 7',
      'abc',
      String(MAX_ID + 1),
      '12345678901',
    ]) {
      expect(idFrom(bad), String(bad)).toBeNull();
    }
  });
});
