import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { detectImageType, type ImageMime } from './image-type.ts';

/**
 * The image of a multipart upload (field "file"), its type read from its bytes (`detectImageType`):
 * 422 naming the field without one, 415 when it is no PNG, JPEG or WebP. The upload's size limit is
 * the multipart plugin's (UPLOAD_MAX_MB).
 */
export async function uploadedImage(request: FastifyRequest): Promise<{ mime: ImageMime; data: Buffer }> {
  const part = await request.file();
  if (part?.fieldname !== 'file') throw AppError.field('file', 'Please choose an image file.');
  const data = await part.toBuffer();
  const mime = detectImageType(data);
  if (!mime) throw new AppError('NOT_AN_IMAGE', 415, 'Only PNG, JPEG or WebP images are accepted.');
  return { mime, data };
}
