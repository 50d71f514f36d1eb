import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  opsContentImagesSchema,
  opsUploadQuery,
  uploadLimits,
  uploadSchema,
} from '@taya/contracts';
import { addRoute } from '../../platform/http';
import { AppError } from '../../platform/errors';
import { requireMerchantScope } from '../../platform/principal';
import type { UploadService } from './service';

const idParams = z.strictObject({ id: z.uuid() });

/** Reads every part of a multipart body, mapping the parser's limit errors to the catalogue. */
async function readFiles(
  parts: AsyncIterable<{ type: string; fieldname: string; toBuffer?: () => Promise<Buffer> }>,
) {
  const files: Uint8Array[] = [];
  try {
    for await (const part of parts) {
      if (part.type !== 'file' || part.fieldname !== 'files' || !part.toBuffer) {
        throw new AppError('request_param_err', 'Send the images as parts named "files"', [
          { path: 'files', code: 'invalid', message: 'Send the images as parts named "files"' },
        ]);
      }
      files.push(await part.toBuffer());
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('upload_too_large');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new AppError('upload_too_many');
    if (code === 'FST_FIELDS_LIMIT') {
      throw new AppError('request_param_err', 'Send only image parts named "files"', [
        { path: 'files', code: 'invalid', message: 'Send only image parts named "files"' },
      ]);
    }
    throw err;
  }
  return files;
}

export async function registerUploadRoutes(app: FastifyInstance, uploads: UploadService) {
  await app.register(multipart, {
    limits: {
      fileSize: uploadLimits.maxBytes,
      files: uploadLimits.maxFiles,
      parts: uploadLimits.maxFiles,
      fields: 0,
      fieldNameSize: 32,
    },
    throwFileSizeLimit: true,
  });

  addRoute(app, {
    method: 'POST',
    url: '/wps/member/uploads',
    access: ['member', 'agent'],
    response: z.array(uploadSchema),
    status: 201,
    handler: async ({ req, principal }) => {
      if (!req.isMultipart())
        throw new AppError('unsupported_media_type', 'Send multipart/form-data');
      const files = await readFiles(req.parts());
      return uploads.store(
        { accountId: principal!.subjectId, merchantCode: principal!.merchantCode },
        files,
      );
    },
  });

  const serve = (path: string, access: readonly ('member' | 'agent' | 'operator')[]) =>
    app.get(
      path,
      { config: { access: [...access], permission: 'uploads.read' } },
      async (req, reply) => {
        const parsed = idParams.safeParse(req.params);
        if (!parsed.success) throw new AppError('not_found', 'No such image');
        const principal = req.principal!;
        const image = await uploads.read(
          parsed.data.id,
          principal.role === 'operator' ? null : principal.subjectId,
        );
        requireMerchantScope(principal, image.merchantCode);
        return reply
          .type(image.contentType)
          .header('cache-control', 'private, max-age=3600')
          .header('content-disposition', 'inline')
          .send(image.data);
      },
    );
  // An operator's site images (banners, popups, covers): public at /wps/content/images/:id.
  addRoute(app, {
    method: 'POST',
    url: '/ops/uploads',
    access: ['operator'],
    permission: 'content.write',
    query: opsUploadQuery,
    response: opsContentImagesSchema,
    status: 201,
    handler: async ({ req, query, principal }) => {
      requireMerchantScope(principal, query.merchantCode);
      if (!req.isMultipart())
        throw new AppError('unsupported_media_type', 'Send multipart/form-data');
      const files = await readFiles(req.parts());
      const stored = await uploads.storePublic(
        { operatorId: principal!.subjectId, merchantCode: query.merchantCode },
        files,
      );
      return stored.map((u) => ({ ...u, url: `/wps/content/images/${u.id}` }));
    },
  });

  app.get('/wps/content/images/:id', { config: { access: 'public' } }, async (req, reply) => {
    const parsed = idParams.safeParse(req.params);
    if (!parsed.success) throw new AppError('not_found', 'No such image');
    const image = await uploads.readPublic(parsed.data.id);
    return reply
      .type(image.contentType)
      .header('cache-control', 'public, max-age=86400, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(image.data);
  });

  serve('/wps/member/uploads/:id', ['member', 'agent']);
  serve('/ops/uploads/:id', ['operator']);
}
