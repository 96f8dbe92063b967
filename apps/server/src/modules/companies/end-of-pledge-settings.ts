import {
  END_OF_PLEDGE_DEFAULTS,
  type EndOfPledgeSettings,
  type EndOfPledgeSettingsInput,
} from '@pledge-desk/domain';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { companies } from '../../db/schema/index.ts';

// The company's end-of-pledge settings: the grace days before a pledge is overdue, the
// working days a closed pledge's articles may wait for their release, the days after a notice before
// a sale, and the months an unclaimed auction surplus is held. Set here; the features only read them.

const DEFAULTS: EndOfPledgeSettingsInput = {
  overdue_grace_days: END_OF_PLEDGE_DEFAULTS.graceDays,
  release_wait_working_days: END_OF_PLEDGE_DEFAULTS.releaseWaitWorkingDays,
  notice_wait_days: END_OF_PLEDGE_DEFAULTS.noticeWaitDays,
  surplus_hold_months: END_OF_PLEDGE_DEFAULTS.surplusHoldMonths,
};

export async function findEndOfPledgeSettings(
  db: DbOrTx,
  companyId: number,
): Promise<EndOfPledgeSettings | undefined> {
  const [row] = await db
    .select({
      overdue_grace_days: companies.overdueGraceDays,
      release_wait_working_days: companies.releaseWaitWorkingDays,
      notice_wait_days: companies.noticeWaitDays,
      surplus_hold_months: companies.surplusHoldMonths,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row ? { ...row, defaults: DEFAULTS } : undefined;
}

export async function updateEndOfPledgeSettings(
  tx: Tx,
  companyId: number,
  input: EndOfPledgeSettingsInput,
): Promise<void> {
  await tx
    .update(companies)
    .set({
      overdueGraceDays: input.overdue_grace_days,
      releaseWaitWorkingDays: input.release_wait_working_days,
      noticeWaitDays: input.notice_wait_days,
      surplusHoldMonths: input.surplus_hold_months,
      updatedAt: sql`now()`,
    })
    .where(eq(companies.id, companyId));
}
