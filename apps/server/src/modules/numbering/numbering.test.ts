import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshCompany } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { takeNumbers } from './numbering.repository.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A company of its own for each test, so no test counts on another's numbers or rows. */
const freshCompanyId = async () => (await freshCompany(t)).id;

const take = (companyId: number, counter: Parameters<typeof takeNumbers>[2], period: string, n: number) =>
  t.database.db.transaction((tx) => takeNumbers(tx, companyId, counter, period, n));

describe('takeNumbers', () => {
  it('starts at 1 and gives n consecutive numbers, the next call going on from there', async () => {
    const companyId = await freshCompanyId();
    expect(await take(companyId, 'receipt', '2026-27', 3)).toEqual([1, 2, 3]);
    expect(await take(companyId, 'receipt', '2026-27', 1)).toEqual([4]);
    expect(await take(companyId, 'receipt', '2026-27', 2)).toEqual([5, 6]);
  });

  it('counts each period, counter and company on its own', async () => {
    const main = await freshCompanyId();
    const other = await freshCompanyId();
    expect(await take(main, 'pledge:GL', '2026-27', 2)).toEqual([1, 2]);
    expect(await take(main, 'pledge:GL', '2027-28', 1)).toEqual([1]);
    expect(await take(main, 'pledge:SL', '2026-27', 1)).toEqual([1]);
    expect(await take(other, 'pledge:GL', '2026-27', 1)).toEqual([1]);
    expect(await take(main, 'pledge:GL', '2026-27', 1)).toEqual([3]);
  });

  it('gives the numbers of a rolled-back transaction to the next caller: no gaps', async () => {
    const companyId = await freshCompanyId();
    await expect(
      t.database.db.transaction(async (tx) => {
        await takeNumbers(tx, companyId, 'customer', '', 5);
        throw new Error('caller failed');
      }),
    ).rejects.toThrow('caller failed');
    expect(await take(companyId, 'customer', '', 2)).toEqual([1, 2]);
  });

  it('answers nothing for n = 0 and uses no number', async () => {
    const companyId = await freshCompanyId();
    expect(await take(companyId, 'receipt', '2026-27', 0)).toEqual([]);
    expect(await take(companyId, 'receipt', '2026-27', 1)).toEqual([1]);
  });

  it('refuses a negative or fractional n', async () => {
    const companyId = await freshCompanyId();
    await expect(take(companyId, 'receipt', '2026-27', -1)).rejects.toThrow(/whole number/);
    await expect(take(companyId, 'receipt', '2026-27', 1.5)).rejects.toThrow(/whole number/);
  });
});
