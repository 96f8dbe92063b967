import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.ts';
import type { TestApp } from '../../test/test-app.ts';

// Shared by the auction tests. A test serves a notice by writing its rows directly, so that it can
// choose the notice's dates freely around its worked examples (a pledge need not be overdue for it);
// the notices' own rules are tested in modules/notices, and the auction's browser test serves its
// notice through the notices API.

let noticeCounter = 0;

/**
 * A notice before sale served on the pledge, written by SQL (a notice_batches row and its
 * pledge_notices row): dated `noticeDate`, sent on `sentOn` (null: printed, not yet sent), and
 * allowing the sale from `saleAfter`. Answers the notice's id.
 */
export async function servedNoticeFor(
  t: TestApp,
  companyId: number,
  pledgeId: number,
  dates: { noticeDate: string; sentOn?: string | null; saleAfter: string },
): Promise<number> {
  noticeCounter += 1;
  const db = t.database.db;
  const [batch] = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into notice_batches (company_id, notice_date) values (${companyId}, ${dates.noticeDate})
      returning id`),
  );
  const sentOn = dates.sentOn === undefined ? dates.noticeDate : dates.sentOn;
  const [notice] = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into pledge_notices (company_id, batch_id, pledge_id, notice_no, notice_date, principal_due,
                                  interest_due, amount_due, sale_after, sent_on, sent_recorded_at, tracking_no)
      values (${companyId}, ${batch!.id}, ${pledgeId}, ${`TN/${process.pid}/${noticeCounter}`}, ${dates.noticeDate},
              0, 0, 0, ${dates.saleAfter}, ${sentOn}, ${sentOn === null ? null : sql`now()`},
              ${sentOn === null ? null : `RL${noticeCounter}IN`})
      returning id`),
  );
  return Number(notice!.id);
}
