import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { freshCompany } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { resolveCompany } from './company-scope.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A company of its own for each test, so no test counts on another's numbers or rows. */
const freshCompanyId = async () => (await freshCompany(t)).id;

const admin = (companyId: number) => ({ user: { role: 'admin' }, companyId });
const clerk = (companyId: number) => ({ user: { role: 'user' }, companyId });
const status = (err: unknown) => (err instanceof AppError ? err.statusCode : err);

describe('resolveCompany (docs/domain-rules.md §7.2)', () => {
  it("answers the request's company when none or the same one is named", async () => {
    const own = await freshCompanyId();
    for (const named of [undefined, null, own]) {
      expect(await resolveCompany(t.database.db, clerk(own), named)).toBe(own);
      expect(await resolveCompany(t.database.db, admin(own), named)).toBe(own);
    }
  });

  it('lets an admin name another company that exists', async () => {
    const own = await freshCompanyId();
    const other = await freshCompanyId();
    expect(await resolveCompany(t.database.db, admin(own), other)).toBe(other);
  });

  it('answers 404 when a user names another company, or an admin one that does not exist', async () => {
    const own = await freshCompanyId();
    const other = await freshCompanyId();
    expect(status(await resolveCompany(t.database.db, clerk(own), other).catch((e) => e))).toBe(404);
    expect(status(await resolveCompany(t.database.db, admin(own), 999_999).catch((e) => e))).toBe(404);
  });

  it("gives the refusal's reason to the caller's error", async () => {
    const own = await freshCompanyId();
    const other = await freshCompanyId();
    const refuse = (reason: string) => AppError.field('company_id', reason);
    const forbidden = await resolveCompany(t.database.db, clerk(own), other, refuse).catch((e) => e);
    expect(forbidden).toMatchObject({ statusCode: 422, message: 'forbidden' });
    const missing = await resolveCompany(t.database.db, admin(own), 999_999, refuse).catch((e) => e);
    expect(missing).toMatchObject({ statusCode: 422, message: 'missing' });
  });

  it('does not compile a repository write on the outer handle (writes take Tx)', () => {
    // Never run: `npm run typecheck` fails when insertCompany accepts the outer handle again.
    const writeOnOuterHandle = () =>
      // @ts-expect-error The outer Db is not a Tx.
      insertCompany(t.database.db, {
        company_name: 'x',
        address: '',
        city: '',
        state: '',
        phone: '',
        licence_no: '',
        status: true,
      });
    expect(typeof writeOnOuterHandle).toBe('function');
  });
});
