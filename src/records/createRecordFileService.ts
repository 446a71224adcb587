import type { FileService } from '../forms/registry/formServices';
import { downloadRecordFile } from '../api/recordsApi';

/** What a read-only record form's file service reads through. */
export interface RecordFileSubject {
  readonly key: string;
  readonly version: number;
  readonly recordId: string;
}

/** Rejects the way `fetch` does once `signal` aborted, so a late answer is never used. */
function unlessAborted<T>(answer: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  return answer.then((value) => {
    if (signal?.aborted) throw new DOMException('The download was abandoned.', 'AbortError');
    return value;
  });
}

/**
 * The file service of a record's read-only form: pictures, signatures and uploads are read
 * through the record (the server answers only the files of the instances that produced it),
 * each once for the page's life, a failed read forgotten so the next attempt asks again.
 * A read-only form never stores or removes a file; asked to, this refuses.
 */
export function createRecordFileService(subject: RecordFileSubject): FileService {
  const downloads = new Map<string, Promise<File>>();
  const refuse = () => Promise.reject(new Error('A record’s form is read-only.'));
  return {
    upload: refuse,
    remove: refuse,
    download(id, signal) {
      let file = downloads.get(id);
      if (!file) {
        file = downloadRecordFile(subject.key, subject.version, subject.recordId, id);
        downloads.set(id, file);
        file.catch(() => {
          if (downloads.get(id) === file) downloads.delete(id);
        });
      }
      return unlessAborted(file, signal);
    },
  };
}
