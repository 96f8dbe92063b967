import { auditListSchema } from '@pledge-desk/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../test/fixtures.ts';
import {
  ADMIN_PASSWORD,
  bearer,
  createTestApp,
  login,
  mainCompanyId,
  seedCompanyWithUser,
  type TestApp,
} from '../../test/test-app.ts';
import { deleteUserAccount } from './users.service.ts';

let t: TestApp;
let admin: string;
let adminId: number;
let clerk: string;
let clerkId: number;
let mainId: number;
let maduraiId: number;

const as = (token: string, companyId: number) => ({ ...bearer(token), 'x-company-id': String(companyId) });

interface UserJson {
  id: number;
  username: string;
  email: string;
  role: 'admin' | 'user';
  company_id: number;
  created_at: string;
}

async function addUser(
  companyId: number,
  input: { username: string; role?: 'admin' | 'user'; password?: string; company_id?: number },
): Promise<UserJson> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/',
    headers: as(admin, companyId),
    payload: {
      username: input.username,
      email: `${input.username}@example.com`,
      role: input.role ?? 'user',
      password: input.password ?? `${input.username}-pass`,
      ...(input.company_id ? { company_id: input.company_id } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Whether a token still opens a session. */
async function isSignedIn(token: string): Promise<boolean> {
  const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
  if (res.statusCode === 401) {
    expect(res.json().detail).toBe('Your session has ended. Please sign in again.');
    return false;
  }
  expect(res.statusCode).toBe(200);
  return true;
}

async function put(id: number, companyId: number, payload: Record<string, unknown>, token = admin) {
  return t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: as(token, companyId), payload });
}

const fieldErrors = (body: { detail: { loc: string[]; msg: string }[] }) =>
  Object.fromEntries(body.detail.map((d) => [d.loc.join('.'), d.msg]));

beforeAll(async () => {
  t = await createTestApp();
});
// "The last admin" counts every admin of every company, so each test starts from an emptied
// database (Main Branch and its admin) plus Madurai and its clerk.
beforeEach(async () => {
  await emptyDatabase(t);
  mainId = await mainCompanyId(t);
  const seeded = await seedCompanyWithUser(t, { username: 'clerk', password: 'clerk-pass' });
  maduraiId = seeded.companyId;
  clerkId = seeded.userId;
  admin = await login(t.app, 'admin', ADMIN_PASSWORD);
  adminId = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(admin) })).json().id;
  clerk = await login(t.app, 'clerk', 'clerk-pass');
});
afterAll(async () => t.close());

describe('GET /api/users/', () => {
  it('lists the users of the selected company, newest first, without password hashes', async () => {
    const kavitha = await addUser(maduraiId, { username: 'kavitha' });
    const res = await t.app.inject({ method: 'GET', url: '/api/users/', headers: as(admin, maduraiId) });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((u: UserJson) => u.username)).toEqual(['kavitha', 'clerk']);
    expect(res.json()[0]).toEqual({
      id: kavitha.id,
      username: 'kavitha',
      email: 'kavitha@example.com',
      role: 'user',
      company_id: maduraiId,
      created_at: expect.stringMatching(/Z$/),
    });
    expect(res.body).not.toMatch(/password|argon/i);
  });

  it("lists the admin's own company without X-Company-Id", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(admin) });
    expect(res.json().map((u: UserJson) => u.username)).toEqual(['admin']);
  });

  it('refuses a user with 403', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/', headers: bearer(clerk) });
    expect(res.statusCode).toBe(403);
  });

  it('keeps GET /api/users/me working for every signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(clerk) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'clerk', role: 'user', company_id: maduraiId });
  });
});

describe('POST /api/users/', () => {
  it('adds a user to the selected company, who can then sign in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      headers: as(admin, maduraiId),
      payload: { username: ' Murugan ', email: 'murugan@example.com', role: 'user', password: 'abcd' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: 'Murugan', role: 'user', company_id: maduraiId });
    expect(await isSignedIn(await login(t.app, 'murugan', 'abcd'))).toBe(true);
  });

  it('lets an admin name another existing company', async () => {
    const user = await addUser(mainId, { username: 'selvi', company_id: maduraiId });
    expect(user.company_id).toBe(maduraiId);
  });

  it('refuses a company that does not exist with 422 on company_id', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      headers: as(admin, mainId),
      payload: {
        username: 'ghost',
        email: 'ghost@example.com',
        role: 'user',
        password: 'abcd',
        company_id: 99999,
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatchObject([
      { loc: ['body', 'company_id'], msg: 'Please select a company', type: 'value_error' },
    ]);
  });

  it('refuses a username or email taken by anyone, ignoring case, naming each field', async () => {
    const username = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      headers: as(admin, mainId),
      payload: { username: 'CLERK', email: 'fresh@example.com', role: 'user', password: 'abcd' },
    });
    expect(username.statusCode).toBe(422);
    expect(fieldErrors(username.json())).toEqual({ 'body.username': 'This username is already taken.' });

    const email = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      headers: as(admin, mainId),
      payload: { username: 'fresh', email: 'Clerk@Example.com', role: 'user', password: 'abcd' },
    });
    expect(fieldErrors(email.json())).toEqual({
      'body.email': 'This email is already used by another user.',
    });

    const both = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      headers: as(admin, mainId),
      payload: { username: 'admin', email: 'clerk@example.com', role: 'admin', password: 'abcd' },
    });
    expect(fieldErrors(both.json())).toEqual({
      'body.username': 'This username is already taken.',
      'body.email': 'This email is already used by another user.',
    });
  });

  it('asks a new user for a password of at least 4 characters', async () => {
    for (const password of [undefined, '', 'abc']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/',
        headers: as(admin, mainId),
        payload: { username: 'short', email: 'short@example.com', role: 'user', password },
      });
      expect(res.statusCode).toBe(422);
      expect(fieldErrors(res.json())).toEqual({
        'body.password': 'Password is required and must be at least 4 characters long for new users.',
      });
    }
  });

  it('names each missing field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      headers: as(admin, mainId),
      payload: { username: ' ', email: 'not-an-email', role: 'manager', password: 'abcd' },
    });
    expect(res.statusCode).toBe(422);
    expect(fieldErrors(res.json())).toEqual({
      'body.username': 'Username is required',
      'body.email': 'Please enter a valid email address',
      'body.role': 'Role is required',
    });
  });

  it('refuses a user with 403', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      headers: bearer(clerk),
      payload: { username: 'sneaky', email: 'sneaky@example.com', role: 'admin', password: 'abcd' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('PUT /api/users/{id}', () => {
  it('refuses to make the only admin a user, and keeps the admin signed in', async () => {
    const res = await put(adminId, mainId, { username: 'admin', email: 'admin@example.com', role: 'user' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('The last admin cannot be made a user.');
    expect(await isSignedIn(admin)).toBe(true);
  });

  it('changes details without a password, keeping the old password and the sessions', async () => {
    const user = await addUser(maduraiId, { username: 'devi', password: 'devi-pass' });
    const token = await login(t.app, 'devi', 'devi-pass');
    for (const password of [undefined, '', null]) {
      const res = await put(user.id, maduraiId, {
        username: 'Devi',
        email: 'devi.r@example.com',
        role: 'user',
        password,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        username: 'Devi',
        email: 'devi.r@example.com',
        company_id: maduraiId,
      });
    }
    expect(await isSignedIn(token)).toBe(true);
    expect(await isSignedIn(await login(t.app, 'devi', 'devi-pass'))).toBe(true);
  });

  it("ends the user's sessions when the password changes", async () => {
    const user = await addUser(maduraiId, { username: 'ravi', password: 'ravi-pass' });
    const token = await login(t.app, 'ravi', 'ravi-pass');
    const res = await put(user.id, maduraiId, {
      username: 'ravi',
      email: 'ravi@example.com',
      role: 'user',
      password: 'new-pass',
    });
    expect(res.statusCode).toBe(200);
    expect(await isSignedIn(token)).toBe(false);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'ravi', password: 'ravi-pass' },
    });
    expect(old.statusCode).toBe(401);
    expect(await isSignedIn(await login(t.app, 'ravi', 'new-pass'))).toBe(true);
  });

  it("ends the user's sessions when the role changes, both ways", async () => {
    const user = await addUser(maduraiId, { username: 'bala', password: 'bala-pass' });
    const asUser = await login(t.app, 'bala', 'bala-pass');
    const promoted = await put(user.id, maduraiId, {
      username: 'bala',
      email: 'bala@example.com',
      role: 'admin',
    });
    expect(promoted.json().role).toBe('admin');
    expect(await isSignedIn(asUser)).toBe(false);

    const asAdmin = await login(t.app, 'bala', 'bala-pass');
    // With two admins, one may be made a user again.
    const demoted = await put(user.id, maduraiId, {
      username: 'bala',
      email: 'bala@example.com',
      role: 'user',
    });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json().role).toBe('user');
    expect(await isSignedIn(asAdmin)).toBe(false);
  });

  it('moves a user to another company named by an admin', async () => {
    const user = await addUser(maduraiId, { username: 'anbu' });
    const res = await put(user.id, maduraiId, {
      username: 'anbu',
      email: 'anbu@example.com',
      role: 'user',
      company_id: mainId,
    });
    expect(res.json().company_id).toBe(mainId);
  });

  it('refuses a password shorter than 4 characters', async () => {
    const res = await put(clerkId, maduraiId, {
      username: 'clerk',
      email: 'clerk@example.com',
      role: 'user',
      password: 'abc',
    });
    expect(res.statusCode).toBe(422);
    expect(fieldErrors(res.json())).toEqual({
      'body.password': 'Password must be at least 4 characters long.',
    });
  });

  it("refuses another user's username or email, but takes the own one in another case", async () => {
    const user = await addUser(maduraiId, { username: 'lakshmi' });
    const taken = await put(user.id, maduraiId, {
      username: 'Clerk',
      email: 'lakshmi@example.com',
      role: 'user',
    });
    expect(taken.statusCode).toBe(422);
    expect(fieldErrors(taken.json())).toEqual({ 'body.username': 'This username is already taken.' });
    const email = await put(user.id, maduraiId, {
      username: 'lakshmi',
      email: 'CLERK@example.com',
      role: 'user',
    });
    expect(fieldErrors(email.json())).toEqual({
      'body.email': 'This email is already used by another user.',
    });
    const own = await put(user.id, maduraiId, {
      username: 'LAKSHMI',
      email: 'Lakshmi@Example.com',
      role: 'user',
    });
    expect(own.statusCode).toBe(200);
  });

  it('answers a user of another company as 404 and leaves them unchanged', async () => {
    const res = await put(clerkId, mainId, {
      username: 'renamed',
      email: 'renamed@example.com',
      role: 'admin',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('User not found.');
    expect(await isSignedIn(clerk)).toBe(true);
  });

  it('refuses a user with 403', async () => {
    const res = await put(
      clerkId,
      maduraiId,
      { username: 'clerk', email: 'clerk@example.com', role: 'admin' },
      clerk,
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('refuses deleting your own account', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${adminId}`,
      headers: as(admin, mainId),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('You cannot delete your own account.');
  });

  it('answers a user of another company as 404 and keeps them', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${clerkId}`,
      headers: as(admin, mainId),
    });
    expect(res.statusCode).toBe(404);
    expect(await isSignedIn(clerk)).toBe(true);
  });

  it('deletes a user, whose sessions end with it', async () => {
    const user = await addUser(maduraiId, { username: 'kumar', password: 'kumar-pass' });
    const token = await login(t.app, 'kumar', 'kumar-pass');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${user.id}/`,
      headers: as(admin, maduraiId),
    });
    expect(res.statusCode).toBe(204);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    const list = await t.app.inject({ method: 'GET', url: '/api/users/', headers: as(admin, maduraiId) });
    expect(list.json().some((u: UserJson) => u.id === user.id)).toBe(false);
  });

  it('deletes an admin while another admin remains', async () => {
    const second = await addUser(mainId, { username: 'second-admin', role: 'admin' });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${second.id}`,
      headers: as(admin, mainId),
    });
    expect(res.statusCode).toBe(204);
  });

  it('never deletes the last admin, whoever asks', async () => {
    // Through the API only another admin can ask, so there are always two; the guard below the
    // permission table still holds if someone else is ever allowed to manage users.
    await expect(
      deleteUserAccount(t.database.db, { actorId: clerkId, companyId: mainId, userId: adminId }),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'The last admin cannot be deleted.',
    });
    expect(await isSignedIn(admin)).toBe(true);
  });

  it('refuses a user with 403', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${clerkId}`,
      headers: bearer(clerk),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the audit trail of users', () => {
  it('records the creation, the change and the deletion of a user, never the password or its hash', async () => {
    const user = await addUser(maduraiId, { username: 'meena', password: 'meena-secret-1' });
    const changed = await put(user.id, maduraiId, {
      username: 'meena',
      email: 'meena.s@example.com',
      role: 'user',
      password: 'meena-secret-2',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${user.id}`,
      headers: as(admin, maduraiId),
    });
    expect(gone.statusCode).toBe(204);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/audit?entity=user&entity_id=${user.id}`,
      headers: as(admin, maduraiId),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toMatch(/meena-secret|password_hash|argon/i);
    const rows = auditListSchema.parse(res.json());
    expect(rows.map((r) => r.action)).toEqual(['delete', 'update', 'create']);
    const [del, upd, cre] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
    expect(cre).toMatchObject({ entity: 'user', user_id: adminId, username: 'admin', before: null });
    expect(cre.after).toMatchObject({
      id: user.id,
      username: 'meena',
      email: 'meena@example.com',
      role: 'user',
    });
    expect(upd.before).toMatchObject({ email: 'meena@example.com' });
    expect(upd.after).toMatchObject({ email: 'meena.s@example.com', password_changed: true });
    expect(del.before).toMatchObject({ id: user.id, username: 'meena', company_id: maduraiId });
    expect(del.after).toBeNull();
  });
});
