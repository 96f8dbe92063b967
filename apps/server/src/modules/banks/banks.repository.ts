import type { BankInput } from '@pledge-desk/domain';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { banks } from '../../db/schema/index.ts';

export type BankRow = typeof banks.$inferSelect;

/** Newest first (apps/server/README.md, "Lists"). */
export async function listBanks(db: DbOrTx, companyId: number): Promise<BankRow[]> {
  return db
    .select()
    .from(banks)
    .where(eq(banks.companyId, companyId))
    .orderBy(desc(banks.createdAt), desc(banks.id));
}

/** The bank locked for the rest of the transaction. */
export async function lockBank(db: Tx, companyId: number, id: number): Promise<BankRow | undefined> {
  const rows = await db
    .select()
    .from(banks)
    .where(and(eq(banks.companyId, companyId), eq(banks.id, id)))
    .for('update');
  return rows[0];
}

/** Whether another bank record of the company has this account number and IFSC. */
export async function accountRecorded(
  db: DbOrTx,
  companyId: number,
  account: { accountNumber: string; ifscCode: string },
  excludeId?: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: banks.id })
    .from(banks)
    .where(
      and(
        eq(banks.companyId, companyId),
        eq(banks.accountNumber, account.accountNumber),
        eq(banks.ifscCode, account.ifscCode),
        excludeId === undefined ? undefined : ne(banks.id, excludeId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * The columns as stored. IFSC codes are upper case by definition (RBI format AAAA0NNNNNN), so a code
 * typed in lower case is the same account, and the unique (company, account number, IFSC) sees it so.
 */
export function bankColumns(input: BankInput) {
  return {
    bankName: input.bank_name,
    accountHolderName: input.account_holder_name,
    accountNumber: input.account_number,
    ifscCode: input.ifsc_code.toUpperCase(),
    branchName: input.branch_name,
    accountType: input.account_type,
    status: input.status,
  };
}

export async function insertBank(db: Tx, companyId: number, input: BankInput): Promise<BankRow> {
  const [row] = await db
    .insert(banks)
    .values({ companyId, ...bankColumns(input) })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateBank(
  db: Tx,
  companyId: number,
  id: number,
  input: BankInput,
): Promise<BankRow | undefined> {
  const [row] = await db
    .update(banks)
    .set({ ...bankColumns(input), updatedAt: new Date().toISOString() })
    .where(and(eq(banks.companyId, companyId), eq(banks.id, id)))
    .returning();
  return row;
}

export async function deleteBank(db: Tx, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(banks)
    .where(and(eq(banks.companyId, companyId), eq(banks.id, id)))
    .returning({ id: banks.id });
  return rows.length > 0;
}
