import { eq } from 'drizzle-orm';
import type { Db } from '../db/open-db.ts';
import { companies } from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { insertCompany } from '../modules/companies/companies.repository.ts';
import { insertUser } from '../modules/users/users.repository.ts';

export const DEMO_CLERK_PASSWORD = 'demo-clerk';

/**
 * Sample data for `npm run demo`, written once on a fresh demo database. Later features add their
 * masters, pledges and payments here.
 */
export async function seedDemo(db: Db): Promise<void> {
  const clerkHash = await hashPassword(DEMO_CLERK_PASSWORD);
  await db.transaction(async (tx) => {
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
  });
}
