import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { uploadLimits, type Upload } from '@taya/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { uploads } from './schema';

type ImageType = (typeof uploadLimits.contentTypes)[number];

const isImageType = (mime: string): mime is ImageType =>
  (uploadLimits.contentTypes as readonly string[]).includes(mime);

/**
 * The content type a file really has, read from its bytes (a renamed file does not pass), or
 * null when it is not a PNG or JPEG image.
 */
export async function imageTypeOf(data: Uint8Array): Promise<ImageType | null> {
  const found = await fileTypeFromBuffer(data);
  return found && isImageType(found.mime) ? found.mime : null;
}

/** Members' images: checked by content, stored in the database, attached to one thing once. */
export class UploadService {
  constructor(private readonly db: Db) {}

  /** Checks every file first, then stores all of them, or none. */
  async store(
    owner: { accountId: string; merchantCode: string },
    files: Uint8Array[],
    attachedTo: string | null = null,
  ): Promise<Upload[]> {
    if (files.length === 0) {
      throw new AppError('request_param_err', 'Choose at least one image', [
        { path: 'files', code: 'required', message: 'Choose at least one image' },
      ]);
    }
    if (files.length > uploadLimits.maxFiles) throw new AppError('upload_too_many');
    const checked: { data: Uint8Array; contentType: ImageType }[] = [];
    for (const data of files) {
      if (data.byteLength > uploadLimits.maxBytes) throw new AppError('upload_too_large');
      const contentType = await imageTypeOf(data);
      if (!contentType) throw new AppError('upload_not_image');
      checked.push({ data, contentType });
    }
    const rows = checked.map(({ data, contentType }) => ({
      id: randomUUID(),
      merchantCode: owner.merchantCode,
      ownerId: owner.accountId,
      contentType,
      size: data.byteLength,
      sha256: createHash('sha256').update(data).digest('hex'),
      data,
      attachedTo,
    }));
    await this.db.insert(uploads).values(rows);
    return rows.map((r) => ({ id: r.id, contentType: r.contentType, size: r.size }));
  }

  /**
   * Attaches the owner's unattached uploads to one thing (inside the caller's transaction). Any
   * id that is not the owner's, does not exist, or is already attached refuses the whole call.
   */
  async attach(
    ownerId: string,
    ids: readonly string[],
    attachTo: string,
    tx: DbOrTx,
    path: string,
  ) {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return;
    const rows = await tx
      .update(uploads)
      .set({ attachedTo: attachTo })
      .where(
        and(inArray(uploads.id, unique), eq(uploads.ownerId, ownerId), isNull(uploads.attachedTo)),
      )
      .returning({ id: uploads.id });
    if (rows.length !== unique.length) {
      throw new AppError('request_param_err', 'An image is not yours or is already used', [
        { path, code: 'invalid', message: 'Upload the images again' },
      ]);
    }
  }

  /** The image, for its owner (or, with `ownerId` null, for an operator). */
  async read(id: string, ownerId: string | null) {
    const [row] = await this.db
      .select({
        contentType: uploads.contentType,
        data: uploads.data,
        ownerId: uploads.ownerId,
        merchantCode: uploads.merchantCode,
      })
      .from(uploads)
      .where(eq(uploads.id, id));
    if (!row || (ownerId !== null && row.ownerId !== ownerId)) {
      throw new AppError('not_found', 'No such image');
    }
    return {
      contentType: row.contentType,
      data: Buffer.from(row.data),
      merchantCode: row.merchantCode,
    };
  }

  /** An operator's site image (banners, popups, covers): public once stored. */
  storePublic(owner: { operatorId: string; merchantCode: string }, files: Uint8Array[]) {
    return this.store(
      { accountId: `operator:${owner.operatorId}`, merchantCode: owner.merchantCode },
      files,
      publicImage,
    );
  }

  /** A site image for anyone; members' own uploads are never served here. */
  async readPublic(id: string) {
    const [row] = await this.db
      .select({ contentType: uploads.contentType, data: uploads.data })
      .from(uploads)
      .where(and(eq(uploads.id, id), eq(uploads.attachedTo, publicImage)));
    if (!row) throw new AppError('not_found', 'No such image');
    return { contentType: row.contentType, data: Buffer.from(row.data) };
  }
}

/** What an operator's site image is attached to: the public site. */
const publicImage = 'site:public';
