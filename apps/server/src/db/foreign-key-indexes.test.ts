import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { rowsOf } from './rows.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('foreign keys and their indexes (migration 0019)', () => {
  it('every foreign key, but those naming a user, leads an index, so deleting the row it points at probes instead of scanning', async () => {
    // Deleting a voucher, a file or a jewel type makes the database look for rows that still point at
    // it; without an index on the referencing columns that is a scan of the whole table (every pledge,
    // every receipt) for each row deleted. A user is deleted rarely and created_by / updated_by
    // columns are many, so those are left out (docs/decisions.md).
    const rows = rowsOf<{ table_name: string; constraint_name: string }>(
      await t.database.db.execute(sql`
        select c.conrelid::regclass::text as table_name, c.conname as constraint_name
          from pg_constraint c
         where c.contype = 'f'
           and c.confrelid <> 'users'::regclass
           and c.connamespace = 'public'::regnamespace
           and not exists (
             select 1 from pg_index i
              where i.indrelid = c.conrelid
                and (i.indkey::int2[])[0:array_length(c.conkey, 1) - 1] @> c.conkey
                and (i.indkey::int2[])[0:array_length(c.conkey, 1) - 1] <@ c.conkey)
         order by 1, 2`),
    );
    expect(rows).toEqual([]);
  });
});
