import { userCreateSchema, userUpdateSchema, userViewSchema } from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorSchema, idParams, isoInstant, pagingQuery } from '../../lib/http-schemas.ts';
import type { Role } from '../../plugins/permissions.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { findUserInCompany, listUsers, type UserRow } from './users.repository.ts';
import { companyForUser, createUserAccount, deleteUserAccount, updateUserAccount } from './users.service.ts';

/** A user as the users screen reads it (shell-and-masters §3); never the password hash. */
const view = (u: UserRow) => ({
  id: u.id,
  username: u.username,
  email: u.email,
  role: u.role as Role,
  company_id: u.companyId,
  created_at: isoInstant(u.createdAt),
});

export const usersRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  app.get(
    '/users/',
    {
      config: { access: 'users.manage' },
      schema: {
        tags: ['users'],
        summary: 'Users of the selected company, newest first',
        querystring: pagingQuery(),
        response: { 200: z.array(userViewSchema) },
      },
    },
    async (request) => (await listUsers(db, request.companyId, request.query)).map(view),
  );

  app.post(
    '/users/',
    {
      config: { access: 'users.manage' },
      schema: {
        tags: ['users'],
        summary: 'Add a user (to the selected company unless company_id names another)',
        body: userCreateSchema,
        response: { 201: userViewSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const companyId = await companyForUser(db, request, body.company_id);
      const row = await createUserAccount(db, {
        username: body.username,
        email: body.email,
        role: body.role,
        companyId,
        passwordHash: await hashPassword(body.password),
      });
      return reply.code(201).send(view(row));
    },
  );

  app.put(
    '/users/:id',
    {
      config: { access: 'users.manage' },
      schema: {
        tags: ['users'],
        summary: 'Edit a user; a blank or missing password keeps the old one',
        params: idParams,
        body: userUpdateSchema,
        response: { 200: userViewSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const body = request.body;
      // Checked here too so that a stranger's id costs no password hashing.
      const current = await findUserInCompany(db, request.companyId, request.params.id);
      if (!current) throw AppError.notFound('User');
      // `current` is of the selected company, so leaving company_id out keeps the user's company.
      const companyId = await companyForUser(db, request, body.company_id);
      const row = await updateUserAccount(db, {
        companyId: request.companyId,
        userId: current.id,
        values: { username: body.username, email: body.email, role: body.role, companyId },
        passwordHash: body.password ? await hashPassword(body.password) : undefined,
      });
      return view(row);
    },
  );

  app.delete(
    '/users/:id',
    {
      config: { access: 'users.manage' },
      schema: {
        tags: ['users'],
        summary: 'Delete a user (not yourself, not the last admin)',
        params: idParams,
        response: { 204: z.null(), 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      await deleteUserAccount(db, {
        actorId: request.user!.id,
        companyId: request.companyId,
        userId: request.params.id,
      });
      return reply.code(204).send(null);
    },
  );
};
