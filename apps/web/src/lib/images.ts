import { uploadLimits } from '@taya/contracts';

/** Why a picked file was refused; the names are the server's error codes for the same refusal. */
export type ImageProblem = 'upload_not_image' | 'upload_too_large' | 'upload_too_many';

const acceptedTypes: readonly string[] = uploadLimits.contentTypes;

/** For the file input's `accept`: the picker offers only what the server takes. */
export const imageAccept = uploadLimits.contentTypes.join(',');

/**
 * Checks newly picked files before anything is sent (SPEC §5: png or jpg, at most 5 MB each, at
 * most 3 in all). Good files are kept up to the limit; the first refusal says why the rest were
 * not. The browser's `type` comes from the file name, so the server checks the content again.
 */
export function addImages(
  current: readonly File[],
  picked: readonly File[],
): { files: File[]; problem: ImageProblem | null } {
  const files = [...current];
  let problem: ImageProblem | null = null;
  for (const file of picked) {
    if (!acceptedTypes.includes(file.type)) problem ??= 'upload_not_image';
    else if (file.size > uploadLimits.maxBytes) problem ??= 'upload_too_large';
    else if (files.length >= uploadLimits.maxFiles) problem ??= 'upload_too_many';
    else files.push(file);
  }
  return { files, problem };
}
