import { useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { uploadSchema } from '@taya/contracts';
import { apiPost } from './api-client';

/** One uploaded image as the server answers it; later calls attach it by its id. */
export type Upload = ReturnType<typeof uploadSchema.parse>;

export const uploadsPath = '/wps/member/uploads';

const uploadListParser = uploadSchema.array();

/** Multipart, one `files` part per image; the answer's ids are attached to the next call. */
export function uploadImages(files: readonly File[]): Promise<Upload[]> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return apiPost(uploadsPath, { body: form, schema: uploadListParser });
}

export function useUploadImages() {
  return useMutation({ mutationFn: uploadImages });
}

function sameFiles(a: readonly File[], b: readonly File[]): boolean {
  return a.length === b.length && a.every((file, index) => file === b[index]);
}

/**
 * Uploads the picked images for the call that attaches them. The same files sent again (the
 * call after the upload failed and the member tries again) reuse their ids, so nothing is
 * uploaded twice.
 */
export function useImageAttachments() {
  const upload = useUploadImages();
  const sent = useRef<{ files: readonly File[]; ids: string[] } | null>(null);
  const idsFor = async (files: readonly File[]): Promise<string[]> => {
    if (files.length === 0) return [];
    if (sent.current && sameFiles(sent.current.files, files)) return sent.current.ids;
    const uploads = await upload.mutateAsync(files);
    const ids = uploads.map((item) => item.id);
    sent.current = { files, ids };
    return ids;
  };
  return { idsFor, isPending: upload.isPending };
}
