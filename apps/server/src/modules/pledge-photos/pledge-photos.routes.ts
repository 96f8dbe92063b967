import { pledgeItemViewSchema, ticketPrintSchema } from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { errorSchema, idParams } from '../../lib/http-schemas.ts';
import { uploadedImage } from '../files/uploaded-image.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { toPledgeItemView } from '../pledges/pledge-view.ts';
import { findPledgeItemWithDesign } from './pledge-photos.repository.ts';
import { recordTicketPrint, removeItemPhoto, replaceItemPhoto } from './pledge-photos.service.ts';

const itemParams = idParams.extend({ itemId: idParams.shape.id });

export const pledgePhotosRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, links }) => {
  const answerItem = async (companyId: number, pledgeId: number, itemId: number) => {
    const row = await findPledgeItemWithDesign(db, companyId, pledgeId, itemId);
    if (!row) throw AppError.notFound('Pledge item');
    return toPledgeItemView(row, links);
  };

  app.put(
    '/pledges/:id/items/:itemId/photo',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['pledges'],
        summary:
          'Upload an item\'s photo (multipart field "file": PNG, JPEG or WebP); replaces an earlier one',
        params: itemParams,
        consumes: ['multipart/form-data'],
        response: { 200: pledgeItemViewSchema, 404: errorSchema, 415: errorSchema },
      },
    },
    async (request) => {
      const { id, itemId } = request.params;
      const companyId = request.companyId;
      // The pledge is checked before the upload is read: another company's item answers 404 at once.
      if (!(await findPledgeItemWithDesign(db, companyId, id, itemId)))
        throw AppError.notFound('Pledge item');
      const { mime, data } = await uploadedImage(request);
      await replaceItemPhoto(db, companyId, id, itemId, { mime, data, createdBy: request.user!.id });
      return answerItem(companyId, id, itemId);
    },
  );

  app.delete(
    '/pledges/:id/items/:itemId/photo',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['pledges'],
        summary: "Remove an item's photo",
        params: itemParams,
        response: { 200: pledgeItemViewSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { id, itemId } = request.params;
      await removeItemPhoto(db, request.companyId, id, itemId);
      return answerItem(request.companyId, id, itemId);
    },
  );

  app.post(
    '/pledges/:id/ticket-prints',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['pledges'],
        summary: 'Record a printed pawn ticket; every print after the first is a duplicate',
        params: idParams,
        response: { 200: ticketPrintSchema, 404: errorSchema },
      },
    },
    async (request) => recordTicketPrint(db, request.companyId, request.params.id),
  );
};
