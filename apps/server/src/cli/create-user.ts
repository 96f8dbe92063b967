/**
 * Creates a user from the command line, on the database the server is configured for (DATA_DIR or
 * DATABASE_URL). For the embedded database, stop the server first: PGlite is single-process.
 *
 *   node --import tsx apps/server/src/cli/create-user.ts --username clerk --password secret --role user \
 *     [--email clerk@example.com] [--company-id 1]
 */
import { parseArgs } from 'node:util';
import { bootstrapDatabase } from '../bootstrap.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { DatabaseLockedError, openDb } from '../db/open-db.ts';
import { pgErrorCode } from '../lib/app-error.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { findCompanyById, listCompanies } from '../modules/companies/companies.repository.ts';
import { insertUser } from '../modules/users/users.repository.ts';

async function run(): Promise<number> {
  const { values } = parseArgs({
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string', default: 'user' },
      email: { type: 'string' },
      'company-id': { type: 'string' },
    },
  });
  const { username, password, role } = values;
  if (!username || !password) {
    console.error(
      'Usage: create-user --username NAME --password SECRET [--role user|admin] [--email E] [--company-id N]',
    );
    return 2;
  }
  if (role !== 'user' && role !== 'admin') {
    console.error('--role must be user or admin');
    return 2;
  }
  if (password.length < 4) {
    console.error('The password must be at least 4 characters long.');
    return 2;
  }
  const config = loadConfig();
  const database = await openDb(config.database);
  try {
    await bootstrapDatabase(database.db, config.adminPassword);
    const companyId = values['company-id']
      ? Number(values['company-id'])
      : (await listCompanies(database.db, { skip: 0, limit: 1000 })).at(-1)?.id;
    if (!companyId || !(await findCompanyById(database.db, companyId))) {
      console.error(`Company ${values['company-id'] ?? ''} not found.`);
      return 1;
    }
    const passwordHash = await hashPassword(password);
    const user = await database.db.transaction((tx) =>
      insertUser(tx, {
        companyId,
        username,
        email: values.email ?? `${username}@example.com`,
        role,
        passwordHash,
      }),
    );
    console.log(`Created ${role} "${user.username}" (id ${user.id}) in company ${companyId}.`);
    return 0;
  } catch (err) {
    if (pgErrorCode(err) === '23505') {
      console.error(`A user with this username or email already exists.`);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

run().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof ConfigError || err instanceof DatabaseLockedError ? err.message : err);
    process.exit(1);
  },
);
