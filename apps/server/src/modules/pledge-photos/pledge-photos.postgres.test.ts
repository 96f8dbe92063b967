import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index.ts';
import { freshCompany, pledgeFor } from '../../test/fixtures.ts';
import { multipart, PNG_1PX } from '../../test/images.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Concurrency only shows on PostgreSQL: PGlite runs one statement at a time.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('ticket prints and photos under concurrency', () => {
  it('counts 12 simultaneous prints as 1 to 12: one original, the rest duplicates', async () => {
    const company = await freshCompany(t);
    const pledge = await pledgeFor(t, company.id, { body: { pledge_date: '2026-04-10' } });
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/pledges/${pledge.pledge_id}/ticket-prints`,
          headers: pledge.actor.headers(),
        }),
      ),
    );
    const counts = answers.map((res) => res.json() as { ticket_prints: number; duplicate: boolean });
    expect(counts.map((c) => c.ticket_prints).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    expect(counts.filter((c) => !c.duplicate)).toEqual([{ ticket_prints: 1, duplicate: false }]);
  });

  it('keeps exactly one photo file when several uploads of one item race', async () => {
    const company = await freshCompany(t);
    const pledge = await pledgeFor(t, company.id, { body: { pledge_date: '2026-04-10' } });
    const url = `/api/pledges/${pledge.pledge_id}/items/${pledge.items[0]!.pledge_item_id}/photo`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => {
        const { payload, headers } = multipart('file', 'chain.png', 'image/png', PNG_1PX);
        return t.app.inject({
          method: 'PUT',
          url,
          headers: { ...pledge.actor.headers(), ...headers },
          payload,
        });
      }),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const left = await t.database.db
      .select({ id: files.id })
      .from(files)
      .where(eq(files.companyId, company.id));
    expect(left).toHaveLength(1);
    const item = await t.app.inject({
      method: 'GET',
      url: `/api/pledges/${pledge.pledge_id}/items`,
      headers: pledge.actor.headers(),
    });
    expect(item.json()[0].image).toContain(`/api/files/${left[0]!.id}?`);
  });
});
