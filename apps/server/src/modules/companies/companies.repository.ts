import type { CompanyInput } from '@pledge-desk/domain';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { companies } from '../../db/schema/index.ts';

export type CompanyRow = typeof companies.$inferSelect;

export async function findCompanyById(db: DbOrTx, id: number): Promise<CompanyRow | undefined> {
  const rows = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return rows[0];
}

/** Newest first (ARCHITECTURE §4). */
export async function listCompanies(
  db: DbOrTx,
  page: { skip: number; limit: number },
): Promise<CompanyRow[]> {
  return db
    .select()
    .from(companies)
    .orderBy(desc(companies.createdAt), desc(companies.id))
    .offset(page.skip)
    .limit(page.limit);
}

export async function countCompanies(db: DbOrTx): Promise<number> {
  const rows = await db.select({ id: companies.id }).from(companies).limit(1);
  return rows.length;
}

function columnsOf(input: CompanyInput) {
  return {
    companyName: input.company_name,
    address: input.address,
    city: input.city,
    state: input.state,
    phone: input.phone,
    licenceNo: input.licence_no,
    status: input.status,
  };
}

export async function insertCompany(db: Tx, input: CompanyInput): Promise<CompanyRow> {
  const [row] = await db.insert(companies).values(columnsOf(input)).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateCompany(
  db: Tx,
  id: number,
  input: CompanyInput,
  clearLogo: boolean,
): Promise<CompanyRow | undefined> {
  const [row] = await db
    .update(companies)
    .set({
      ...columnsOf(input),
      ...(clearLogo ? { logoFileId: null } : {}),
      updatedAt: new Date().toISOString(),
    })
    .where(eq(companies.id, id))
    .returning();
  return row;
}

export async function setCompanyLogo(
  db: Tx,
  id: number,
  fileId: number | null,
): Promise<CompanyRow | undefined> {
  const [row] = await db
    .update(companies)
    .set({ logoFileId: fileId, updatedAt: new Date().toISOString() })
    .where(eq(companies.id, id))
    .returning();
  return row;
}

/** The row locked for the rest of the transaction, so two logo uploads do not interleave. */
export async function lockCompany(db: Tx, id: number): Promise<CompanyRow | undefined> {
  const rows = await db.select().from(companies).where(eq(companies.id, id)).for('update');
  return rows[0];
}

/** The interface language of the company's users who chose none. */
export async function setCompanyLanguage(db: Tx, id: number, language: 'en' | 'ta'): Promise<void> {
  await db
    .update(companies)
    .set({ defaultLanguage: language, updatedAt: new Date().toISOString() })
    .where(eq(companies.id, id));
}
