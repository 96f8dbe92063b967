import {
  businessDaySchema,
  businessToday,
  cashDrawerSchema,
  closeCashDrawerSchema,
  closeDaySchema,
  currentCashDrawerSchema,
  dayDetailSchema,
  openCashDrawerSchema,
  paiseToRupees,
  reopenDaySchema,
  rupeesToPaise,
  schemaFields,
} from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DbOrTx } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorSchema, idParams } from '../../lib/http-schemas.ts';
import { findCompanyById } from '../companies/companies.repository.ts';
import type { ModuleDeps } from '../module-deps.ts';
import {
  type DrawerRecord,
  findBusinessDay,
  findCashMovements,
  findDayDrawerRecords,
  findDayEvents,
  findDrawerRecord,
  findUserDrawerRecord,
} from './branch-day.repository.ts';
import type { DayActor } from './branch-day-shared.ts';
import { movementTotals, toDayView, toDrawerView } from './branch-day-view.ts';
import { closeDay, reopenDay } from './day-close.service.ts';
import { closeDrawer, findVisibleDrawer, openDrawer } from './drawer.service.ts';

const dateParams = z.object({ date: schemaFields.plainDate('The date must be a date (YYYY-MM-DD)') });
const currentQuery = z.object({
  date: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    schemaFields.plainDate('The date must be a date (YYYY-MM-DD)').optional(),
  ),
});

async function drawerView(db: DbOrTx, d: DrawerRecord) {
  return toDrawerView(d, await findCashMovements(db, d.companyId, d.businessDate, d.userId));
}

async function dayView(db: DbOrTx, companyId: number, date: string) {
  const [day, events] = await Promise.all([
    findBusinessDay(db, companyId, date),
    findDayEvents(db, companyId, date),
  ]);
  return toDayView(date, day, events);
}

export const branchDayRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config }) => {
  const actorOf = (request: { user: { id: number; role: string } | null; companyId: number }): DayActor => ({
    companyId: request.companyId,
    userId: request.user!.id,
    role: request.user!.role,
    today: businessToday(config.businessTimeZone),
  });

  app.post(
    '/cash-drawer/open',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['branch-day'],
        summary: 'Opens the caller’s cash drawer of a business date with the counted float',
        description:
          'business_date: today unless sent, never after today (422). 409 DAY_CLOSED when the day is closed; 409 DRAWER_ALREADY_OPEN or DRAWER_ALREADY_CLOSED when the caller has a drawer of that date.',
        body: openCashDrawerSchema,
        response: { 201: cashDrawerSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const id = await openDrawer(db, actor, request.body);
      const d = await findDrawerRecord(db, actor.companyId, id);
      if (!d) throw AppError.notFound('Cash drawer');
      return reply.code(201).send(await drawerView(db, d));
    },
  );

  app.get(
    '/cash-drawer/current',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['branch-day'],
        summary: 'The caller’s drawer of a date (today unless given; null before it is opened) and the day',
        querystring: currentQuery,
        response: { 200: currentCashDrawerSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const date = request.query.date ?? actor.today;
      const d = await findUserDrawerRecord(db, actor.companyId, actor.userId, date);
      return {
        date,
        day: await dayView(db, actor.companyId, date),
        drawer: d ? await drawerView(db, d) : null,
      };
    },
  );

  app.post(
    '/cash-drawer/close',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['branch-day'],
        summary: 'Closes the caller’s drawer with the count; a difference is posted with an admin’s approval',
        description:
          'Expected = opening + the caller’s cash received − paid out on the date (their vouchers’ lines on 1000 Cash in Hand). A difference (counted − expected) is posted as a Journal: a shortage Dr 5100 Cash Short Cr 1000, an excess Dr 1000 Cr 4300 Cash Over; it needs an admin: the caller when admin, else `approver` (an admin’s username and password; 422 on approver.password when wrong). 409 DRAWER_NOT_OPEN, DRAWER_ALREADY_CLOSED, DAY_CLOSED.',
        body: closeCashDrawerSchema,
        response: { 200: cashDrawerSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const body = request.body;
      const id = await closeDrawer(db, actor, body, request.ip);
      const d = await findDrawerRecord(db, actor.companyId, id);
      if (!d) throw AppError.notFound('Cash drawer');
      return drawerView(db, d);
    },
  );

  app.get(
    '/cash-drawers/:id',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['branch-day'],
        summary: 'One cash drawer (an admin sees every drawer of the company, anyone else only their own)',
        params: idParams,
        response: { 200: cashDrawerSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const d = await findVisibleDrawer(db, actorOf(request), request.params.id);
      return drawerView(db, d);
    },
  );

  app.get(
    '/days/:date',
    {
      config: { access: 'days.manage' },
      schema: {
        tags: ['branch-day'],
        summary:
          'A business day: its status and events, every drawer of it with totals, and the cash outside drawers',
        params: dateParams,
        response: { 200: dayDetailSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const companyId = request.companyId;
      const date = request.params.date;
      const company = await findCompanyById(db, companyId);
      if (!company) throw AppError.notFound('Company');
      const [records, movements, day] = await Promise.all([
        findDayDrawerRecords(db, companyId, date),
        findCashMovements(db, companyId, date),
        dayView(db, companyId, date),
      ]);
      const drawers = records.map((r) =>
        toDrawerView(
          r,
          movements.filter((m) => m.userId === r.userId),
        ),
      );
      // Cash no drawer holds: written by a user with no drawer, or before their drawer was opened.
      const held = new Set(records.map((r) => r.id));
      const outside = movementTotals(movements.filter((m) => m.drawerId === null || !held.has(m.drawerId)));
      const all = movementTotals(movements);
      const sum = (pick: (d: (typeof drawers)[number]) => number) =>
        paiseToRupees(drawers.reduce((s, d) => s + rupeesToPaise(pick(d)), 0));
      const allClosed = drawers.length > 0 && drawers.every((d) => d.status === 'closed');
      return {
        company: {
          id: company.id,
          company_name: company.companyName,
          address: company.address,
          licence_no: company.licenceNo,
        },
        day,
        drawers,
        totals: {
          opening: sum((d) => d.opening.amount),
          added: sum((d) => d.added),
          receipts: sum((d) => d.receipts),
          payouts: sum((d) => d.payouts),
          expected: sum((d) => d.expected),
          counted: allClosed ? sum((d) => d.counted?.amount ?? 0) : null,
          difference: allClosed ? sum((d) => d.difference ?? 0) : null,
        },
        outside_drawers: {
          receipts: paiseToRupees(outside.receiptsPaise),
          payouts: paiseToRupees(outside.payoutsPaise),
          count: outside.byKind.reduce((s, k) => s + k.count, 0),
        },
        // Every cash voucher of the day, through a drawer or not: the day's receipts and payouts.
        day_cash: {
          receipts: paiseToRupees(all.receiptsPaise),
          payouts: paiseToRupees(all.payoutsPaise),
          count: all.byKind.reduce((s, k) => s + k.count, 0),
        },
      };
    },
  );

  app.post(
    '/days/:date/close',
    {
      config: { access: 'days.manage' },
      schema: {
        tags: ['branch-day'],
        summary: 'Closes a business day: no voucher dated on it is taken until an admin reopens it',
        description:
          '409 DRAWERS_OPEN naming the users whose drawers of the date are still open; 409 DAY_ALREADY_CLOSED; 422 for a date after today.',
        params: dateParams,
        body: closeDaySchema,
        response: { 200: businessDaySchema, 409: errorSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await closeDay(db, actor, request.params.date, request.body.remarks ?? null);
      return dayView(db, actor.companyId, request.params.date);
    },
  );

  app.post(
    '/days/:date/reopen',
    {
      config: { access: 'days.manage' },
      schema: {
        tags: ['branch-day'],
        summary: 'Reopens a closed business day, with the reason kept',
        description: '409 DAY_NOT_CLOSED when the day is not closed.',
        params: dateParams,
        body: reopenDaySchema,
        response: { 200: businessDaySchema, 409: errorSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await reopenDay(db, actor, request.params.date, request.body.reason);
      return dayView(db, actor.companyId, request.params.date);
    },
  );
};
