import {
  auditListSchema,
  pledgeItemViewSchema,
  pledgeViewSchema,
  ticketPrintSchema,
} from '@pledge-desk/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index.ts';
import { type Actor, freshCompany, pledgeFor, userFor } from '../../test/fixtures.ts';
import { JPEG_HEADER, multipart, PNG_1PX, WEBP_HEADER } from '../../test/images.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { PLEDGE_ITEM_PHOTO } from './pledge-photos.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const PLEDGE_DATE = '2026-04-10';

/** A company with a real pledge of one item, made by its admin. */
async function pledged() {
  const company = await freshCompany(t);
  const pledge = await pledgeFor(t, company.id, { body: { pledge_date: PLEDGE_DATE } });
  const item = pledge.items[0]!;
  return { company, admin: pledge.actor, pledge, item };
}

function upload(actor: Actor, url: string, data: Buffer, field = 'file', filename = 'chain.png') {
  const { payload, headers } = multipart(field, filename, 'image/png', data);
  return t.app.inject({ method: 'PUT', url, headers: { ...actor.headers(), ...headers }, payload });
}

const photoUrl = (pledgeId: number, itemId: number) => `/api/pledges/${pledgeId}/items/${itemId}/photo`;

const fileIdOf = (link: string | null) => Number(/\/api\/files\/(\d+)\?/.exec(link ?? '')?.[1]);

/** The audit trail of one record, newest first, as an admin reads it (GET /api/audit). */
async function trailOf(actor: Actor, entity: string, id: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/audit?entity=${entity}&entity_id=${id}`,
    headers: actor.headers(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return auditListSchema.parse(res.json());
}

async function fileExists(id: number) {
  return (await t.database.db.select({ id: files.id }).from(files).where(eq(files.id, id))).length === 1;
}

describe('PUT /api/pledges/{id}/items/{itemId}/photo', () => {
  it('stores the photo and answers the item with a signed link that serves it', async () => {
    const w = await pledged();
    const res = await upload(w.admin, photoUrl(w.pledge.pledge_id, w.item.pledge_item_id), PNG_1PX);
    expect(res.statusCode, res.body).toBe(200);
    const item = pledgeItemViewSchema.parse(res.json());
    expect(item).toEqual({ ...w.item, image: item.image });
    expect(item.image).toMatch(/^\/api\/files\/\d+\?exp=\d+&sig=[\w-]+$/);
    const served = await t.app.inject({ method: 'GET', url: item.image! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG_1PX)).toBe(true);
    const [stored] = await t.database.db
      .select({ kind: files.kind, companyId: files.companyId })
      .from(files)
      .where(eq(files.id, fileIdOf(item.image)));
    expect(stored).toEqual({ kind: PLEDGE_ITEM_PHOTO, companyId: w.company.id });
    // The pledge's own answer links the photo too.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/pledges/${w.pledge.pledge_id}`,
      headers: w.admin.headers(),
    });
    expect(fileIdOf(pledgeViewSchema.parse(detail.json()).items[0]!.image)).toBe(fileIdOf(item.image));
  });

  it('replaces an earlier photo and removes the old file', async () => {
    const w = await pledged();
    const url = photoUrl(w.pledge.pledge_id, w.item.pledge_item_id);
    const first = fileIdOf((await upload(w.admin, url, PNG_1PX)).json().image);
    const res = await upload(w.admin, url, JPEG_HEADER, 'file', 'chain.jpg');
    expect(res.statusCode, res.body).toBe(200);
    const second = fileIdOf(res.json().image);
    expect(second).not.toBe(first);
    expect(await fileExists(first)).toBe(false);
    const served = await t.app.inject({ method: 'GET', url: res.json().image });
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('takes WebP, judged by the content, whatever the file is called', async () => {
    const w = await pledged();
    const res = await upload(
      w.admin,
      photoUrl(w.pledge.pledge_id, w.item.pledge_item_id),
      WEBP_HEADER,
      'file',
      'x.txt',
    );
    expect(res.statusCode, res.body).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: res.json().image });
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('refuses a file that is not a PNG, JPEG or WebP image with 415 and keeps the photo it had', async () => {
    const w = await pledged();
    const url = photoUrl(w.pledge.pledge_id, w.item.pledge_item_id);
    const kept = (await upload(w.admin, url, PNG_1PX)).json().image as string;
    const res = await upload(
      w.admin,
      url,
      Buffer.from('<html><script>alert(1)</script></html>'),
      'file',
      'chain.png',
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ detail: 'Only PNG, JPEG or WebP images are accepted.' });
    const item = await t.app.inject({
      method: 'GET',
      url: `/api/pledges/${w.pledge.pledge_id}/items`,
      headers: w.admin.headers(),
    });
    expect(fileIdOf(item.json()[0].image)).toBe(fileIdOf(kept));
  });

  it('asks for the file under the field "file" with a 422', async () => {
    const w = await pledged();
    const res = await upload(w.admin, photoUrl(w.pledge.pledge_id, w.item.pledge_item_id), PNG_1PX, 'photo');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatchObject([
      { loc: ['body', 'file'], msg: 'Please choose an image file.', type: 'value_error' },
    ]);
  });

  it('refuses a file over UPLOAD_MAX_MB with 413', async () => {
    const w = await pledged();
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(t.config.uploadMaxBytes)]);
    const res = await upload(w.admin, photoUrl(w.pledge.pledge_id, w.item.pledge_item_id), big);
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toBe('The file is larger than 1 MB.');
  });

  it("answers 404 for another company's pledge, and for an item of another pledge", async () => {
    const w = await pledged();
    const other = await pledged();
    const before = (await t.database.db.select({ id: files.id }).from(files)).length;
    for (const url of [
      photoUrl(other.pledge.pledge_id, other.item.pledge_item_id),
      photoUrl(w.pledge.pledge_id, other.item.pledge_item_id),
      photoUrl(2_147_483_647, w.item.pledge_item_id),
    ]) {
      const res = await upload(w.admin, url, PNG_1PX);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'Pledge item not found.' });
    }
    expect((await t.database.db.select({ id: files.id }).from(files)).length).toBe(before);
  });
});

describe('the audit trail of photos and ticket prints', () => {
  it('records the upload and the removal of a photo with the item before and after, and each ticket print', async () => {
    const w = await pledged();
    const url = photoUrl(w.pledge.pledge_id, w.item.pledge_item_id);
    const uploaded = await upload(w.admin, url, PNG_1PX);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const fileId = fileIdOf(uploaded.json().image);
    // A refused upload leaves no row.
    expect((await upload(w.admin, url, Buffer.from('not an image'))).statusCode).toBe(415);
    const removed = await t.app.inject({ method: 'DELETE', url, headers: w.admin.headers() });
    expect(removed.statusCode, removed.body).toBe(200);
    const rows = await trailOf(w.admin, 'pledge_item', w.item.pledge_item_id);
    expect(rows.map((e) => e.action)).toEqual(['remove_photo', 'upload_photo']);
    const [remove, add] = rows;
    expect(add).toMatchObject({
      entity: 'pledge_item',
      entity_id: String(w.item.pledge_item_id),
      user_id: w.admin.userId,
      before: {
        id: w.item.pledge_item_id,
        pledge_id: w.pledge.pledge_id,
        image_file_id: null,
        net_weight: 10,
      },
      after: { id: w.item.pledge_item_id, image_file_id: fileId, net_value: 60000 },
      route: 'PUT /api/pledges/:id/items/:itemId/photo',
    });
    expect(remove).toMatchObject({
      before: { image_file_id: fileId },
      after: { image_file_id: null },
      route: 'DELETE /api/pledges/:id/items/:itemId/photo',
    });
    const printed = await t.app.inject({
      method: 'POST',
      url: `/api/pledges/${w.pledge.pledge_id}/ticket-prints`,
      headers: w.admin.headers(),
    });
    expect(printed.statusCode, printed.body).toBe(200);
    const [print] = await trailOf(w.admin, 'pledge', w.pledge.pledge_id);
    expect(print).toMatchObject({
      action: 'print',
      entity: 'pledge',
      before: null,
      after: { ticket_prints: 1, duplicate: false },
    });
  });
});

describe('DELETE /api/pledges/{id}/items/{itemId}/photo', () => {
  it('removes the photo: the item answers image null and the file is gone', async () => {
    const w = await pledged();
    const url = photoUrl(w.pledge.pledge_id, w.item.pledge_item_id);
    const fileId = fileIdOf((await upload(w.admin, url, PNG_1PX)).json().image);
    const res = await t.app.inject({ method: 'DELETE', url, headers: w.admin.headers() });
    expect(res.statusCode, res.body).toBe(200);
    expect(pledgeItemViewSchema.parse(res.json())).toEqual({ ...w.item, image: null });
    expect(await fileExists(fileId)).toBe(false);
    // Removing again changes nothing.
    const again = await t.app.inject({ method: 'DELETE', url, headers: w.admin.headers() });
    expect(again.statusCode).toBe(200);
    expect(again.json().image).toBeNull();
  });

  it("answers 404 for another company's pledge and leaves its photo", async () => {
    const w = await pledged();
    const other = await pledged();
    const url = photoUrl(other.pledge.pledge_id, other.item.pledge_item_id);
    const fileId = fileIdOf((await upload(other.admin, url, PNG_1PX)).json().image);
    const res = await t.app.inject({ method: 'DELETE', url, headers: w.admin.headers() });
    expect(res.statusCode).toBe(404);
    expect(await fileExists(fileId)).toBe(true);
  });
});

describe('POST /api/pledges/{id}/ticket-prints', () => {
  const print = (actor: Actor, pledgeId: number) =>
    t.app.inject({ method: 'POST', url: `/api/pledges/${pledgeId}/ticket-prints`, headers: actor.headers() });

  it('counts the first print as the original and every later one as a duplicate', async () => {
    const w = await pledged();
    const first = await print(w.admin, w.pledge.pledge_id);
    expect(first.statusCode, first.body).toBe(200);
    expect(ticketPrintSchema.parse(first.json())).toEqual({ ticket_prints: 1, duplicate: false });
    expect((await print(w.admin, w.pledge.pledge_id)).json()).toEqual({ ticket_prints: 2, duplicate: true });
    expect((await print(w.admin, w.pledge.pledge_id)).json()).toEqual({ ticket_prints: 3, duplicate: true });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/pledges/${w.pledge.pledge_id}`,
      headers: w.admin.headers(),
    });
    expect(detail.json().ticket_prints).toBe(3);
  });

  it("answers 404 for another company's pledge and does not count it", async () => {
    const w = await pledged();
    const other = await pledged();
    const res = await print(w.admin, other.pledge.pledge_id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ detail: 'Pledge not found.' });
    expect((await print(other.admin, other.pledge.pledge_id)).json()).toEqual({
      ticket_prints: 1,
      duplicate: false,
    });
  });
});

describe('who may change photos and print tickets', () => {
  it('refuses a plain user with 403 while staff may not handle pledges', async () => {
    const w = await pledged();
    const clerk = await userFor(t, w.company.id);
    const url = photoUrl(w.pledge.pledge_id, w.item.pledge_item_id);
    expect((await upload(clerk, url, PNG_1PX)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url, headers: clerk.headers() })).statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/pledges/${w.pledge.pledge_id}/ticket-prints`,
      headers: clerk.headers(),
    });
    expect(res.statusCode).toBe(403);
    expect(
      (
        await t.database.db
          .select()
          .from(files)
          .where(and(eq(files.companyId, w.company.id)))
      ).length,
    ).toBe(0);
  });
});

describe('with STAFF_CAN_HANDLE_PLEDGES', () => {
  let staffApp: TestApp;
  beforeAll(async () => {
    staffApp = await createTestApp({ staffCanHandlePledges: true });
  });
  afterAll(async () => staffApp.close());

  it('lets a plain user add a photo and print a ticket', async () => {
    const company = await freshCompany(staffApp);
    const clerk = await userFor(staffApp, company.id);
    const pledge = await pledgeFor(staffApp, company.id, { body: { pledge_date: PLEDGE_DATE } });
    const { payload, headers } = multipart('file', 'ring.png', 'image/png', PNG_1PX);
    const res = await staffApp.app.inject({
      method: 'PUT',
      url: photoUrl(pledge.pledge_id, pledge.items[0]!.pledge_item_id),
      headers: { ...clerk.headers(), ...headers },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const printed = await staffApp.app.inject({
      method: 'POST',
      url: `/api/pledges/${pledge.pledge_id}/ticket-prints`,
      headers: clerk.headers(),
    });
    expect(printed.json()).toEqual({ ticket_prints: 1, duplicate: false });
  });
});
