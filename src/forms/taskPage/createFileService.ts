import {
  deleteFile,
  downloadFile,
  replaceFile,
  uploadFile,
  type StoredFile as ApiStoredFile,
} from '../../api/filesApi';
import type { FileService, StoredFile } from '../registry/formServices';

/** The field's view of what the store answered. */
function storedFile(file: ApiStoredFile): StoredFile {
  return {
    id: file.id,
    fileName: file.name,
    mediaType: file.mediaType,
    size: file.size,
    spreadsheet: file.spreadsheet,
    ...(file.signatureMethod ? { signatureMethod: file.signatureMethod } : {}),
  };
}

/** Rejects the way `fetch` does once `signal` aborted, so a late answer is never used. */
function unlessAborted<T>(answer: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  return answer.then((value) => {
    if (signal?.aborted) throw new DOMException('The download was abandoned.', 'AbortError');
    return value;
  });
}

/**
 * The task page's file store for the picture, signature and upload fields: files are
 * stored for this task (the server checks that the user may write to it and judges each
 * file by its bytes), replaced in place when the field already holds one, read back for
 * previews and downloads, and removed on a field's delete.
 *
 * A file read once is kept for the page's life (a photo's thumbnail and its viewer read it
 * once between them); new content or a removal forgets it. A failed read is forgotten too,
 * so the next attempt asks again.
 */
export function createFileService(taskId: string): FileService {
  const downloads = new Map<string, Promise<File>>();

  const read = (id: string): Promise<File> => {
    let file = downloads.get(id);
    if (!file) {
      // Not tied to one caller's signal: another view of the same file may still want it.
      file = downloadFile(id);
      downloads.set(id, file);
      file.catch(() => {
        if (downloads.get(id) === file) downloads.delete(id);
      });
    }
    return file;
  };

  return {
    async upload(file, { kind, fileName, existingId, signatureMethod }) {
      const facts = { signatureMethod };
      const stored =
        existingId === undefined
          ? await uploadFile(taskId, kind, file, fileName, facts)
          : await replaceFile(existingId, file, fileName, facts);
      downloads.delete(stored.id);
      return storedFile(stored);
    },

    download(id, signal) {
      return unlessAborted(read(id), signal);
    },

    async remove(id) {
      downloads.delete(id);
      await deleteFile(id);
    },
  };
}
