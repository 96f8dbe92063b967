import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/open-db.ts';
import { companies, users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { insertCompany } from '../modules/companies/companies.repository.ts';
import { insertUser } from '../modules/users/users.repository.ts';
import { seedDemoBooks } from './demo-books.ts';
import { seedDemoCounterDays } from './demo-counter-days.ts';
import { seedDemoEndOfPledge } from './demo-end-of-pledge.ts';
import { seedDemoLegacy } from './demo-legacy.ts';
import { seedBranchMasters } from './demo-masters.ts';
import { seedDemoPayments } from './demo-payments.ts';
import { DEMO_PLEDGES, seedDemoPledges } from './demo-pledges.ts';

export const DEMO_CLERK_PASSWORD = 'demo-clerk';

/** Customers registered in each demo branch. */
export const DEMO_CUSTOMERS = { chennai: 300, madurai: 200 } as const;

/**
 * Sample data for `npm run demo`, written once on a fresh demo database: two branches, their staff
 * and their masters (rates, jewel types and rates, designs, schemes, banks, customers), their books,
 * their pledges and payments, the end of pledges (releases, notices, an auction and what it left
 * owing) and Chennai's counter days (a closed day with its counted drawer, today's drawer open).
 * Deterministic: the same business day gives the same data.
 */
export async function seedDemo(db: Db): Promise<void> {
  const clerkHash = await hashPassword(DEMO_CLERK_PASSWORD);
  const made = await db.transaction(async (tx) => {
    const [main] = await tx
      .update(companies)
      .set({
        companyName: 'Sri Lakshmi Jewel Loans - Chennai',
        address: '42 Usman Road, T. Nagar',
        city: 'Chennai',
        state: 'Tamil Nadu',
        phone: '044 2434 5678',
        licenceNo: 'TN-PB-CHN-2019-0457',
      })
      .where(eq(companies.companyName, 'Main Branch'))
      .returning();
    const madurai = await insertCompany(tx, {
      company_name: 'Sri Lakshmi Jewel Loans - Madurai',
      address: '18 West Masi Street',
      city: 'Madurai',
      state: 'Tamil Nadu',
      phone: '0452 234 5678',
      licence_no: 'TN-PB-MDU-2021-0112',
      status: true,
    });
    if (main) {
      await insertUser(tx, {
        companyId: main.id,
        username: 'clerk',
        email: 'kavitha.r@example.com',
        role: 'user',
        passwordHash: clerkHash,
      });
    }
    await insertUser(tx, {
      companyId: madurai.id,
      username: 'clerk.madurai',
      email: 'senthil.k@example.com',
      role: 'user',
      passwordHash: clerkHash,
    });
    if (!main) throw new Error('demo seed: the Main Branch made on first start is missing');
    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    await seedBranchMasters(
      tx,
      {
        companyId: main.id,
        home: 'Chennai',
        customers: DEMO_CUSTOMERS.chennai,
        seed: 4_2026,
        accountHolder: 'Sri Lakshmi Jewel Loans',
        banks: [
          {
            bankName: 'State Bank of India',
            accountNumber: '30412785561',
            ifscCode: 'SBIN0000817',
            branchName: 'T. Nagar',
            accountType: 'Current',
          },
          {
            bankName: 'Indian Overseas Bank',
            accountNumber: '046502000018823',
            ifscCode: 'IOBA0000465',
            branchName: 'Mylapore',
            accountType: 'Current',
          },
        ],
      },
      admin?.id ?? null,
    );
    await seedBranchMasters(
      tx,
      {
        companyId: madurai.id,
        home: 'Madurai',
        customers: DEMO_CUSTOMERS.madurai,
        seed: 625_001,
        accountHolder: 'Sri Lakshmi Jewel Loans - Madurai',
        banks: [
          {
            bankName: 'Canara Bank',
            accountNumber: '1187201004562',
            ifscCode: 'CNRB0001187',
            branchName: 'West Masi Street',
            accountType: 'Current',
          },
          {
            bankName: 'Tamilnad Mercantile Bank',
            accountNumber: '004150050801234',
            ifscCode: 'TMBL0000004',
            branchName: 'Madurai Main',
            accountType: 'Savings',
          },
        ],
      },
      admin?.id ?? null,
    );
    await seedDemoBooks(tx, [main.id, madurai.id], admin?.id ?? null);
    return { mainId: main.id, maduraiId: madurai.id, adminId: admin?.id };
  });
  // The pledge books, each pledge through the create service in its own transaction, as the counter
  // would book them (back-dated over the last 18 months).
  if (made.adminId === undefined) throw new Error('demo seed: the admin made on first start is missing');
  await seedDemoPledges(
    db,
    { companyId: made.mainId, pledges: DEMO_PLEDGES.chennai, seed: 12_2026 },
    made.adminId,
  );
  await seedDemoPledges(
    db,
    { companyId: made.maduraiId, pledges: DEMO_PLEDGES.madurai, seed: 625_012 },
    made.adminId,
  );
  // Their payments, each through the payment services, oldest first.
  await seedDemoPayments(
    db,
    { companyId: made.mainId, seed: 13_2026, multiplePayments: 4, reverseLast: true },
    made.adminId,
  );
  await seedDemoPayments(db, { companyId: made.maduraiId, seed: 13_625, multiplePayments: 3 }, made.adminId);
  // The end of pledges (the demo shows every state): articles released and awaiting release, notices sent and
  // unsent, in Chennai an auction with its surpluses and shortfalls; then Chennai's counter days: yesterday's
  // drawer counted and the day closed, with a renewal; today's drawer open.
  await seedDemoEndOfPledge(
    db,
    { companyId: made.mainId, seed: 15_2026, sentNotices: 8, unsentNotices: 5, auction: true },
    made.adminId,
  );
  await seedDemoEndOfPledge(
    db,
    { companyId: made.maduraiId, seed: 15_625, sentNotices: 3, unsentNotices: 3, auction: false },
    made.adminId,
  );
  await seedDemoCounterDays(db, { companyId: made.mainId, seed: 14_2026 }, made.adminId);
  await seedDemoLegacy(db);
  // A bulk load: take the tables' statistics now, so searches use their indexes from the first
  // request (PGlite has no autovacuum; PostgreSQL's would get there in its own time).
  await db.execute(sql`analyze`);
}
