import { useEffect, useState } from 'react';
import type { FileService } from './formServices';

/** A stored file read for showing: the file and an object URL that lives as long as it shows. */
export interface ShownFile {
  readonly id: string;
  readonly revision: number;
  readonly file: File;
  readonly url: string;
}

/** What to read and how: `revision` reads a replaced file (same id) again. */
export interface StoredFileOptions {
  readonly revision?: number;
  /** Media types that may be shown; any other counts as a failure. Default: any. */
  readonly accept?: readonly string[];
}

/**
 * Reads a stored file of a field (a signature, a picture) once per id and revision, for an
 * `<img>` and a download; a new id shows nothing stale meanwhile, and the object URL is
 * released when the file is no longer shown. `failed` says the read or its type was refused.
 */
export function useStoredFile(
  files: FileService | undefined,
  id: string | null,
  { revision = 0, accept }: StoredFileOptions = {},
): { shown: ShownFile | null; failed: boolean } {
  const [loaded, setLoaded] = useState<ShownFile | null>(null);
  const [failed, setFailed] = useState<{ id: string; revision: number } | null>(null);
  const acceptKey = accept?.join(',') ?? '';
  useEffect(() => {
    if (!files || !id) return;
    const allowed = acceptKey ? acceptKey.split(',') : null;
    const controller = new AbortController();
    let url: string | null = null;
    files.download(id, controller.signal).then(
      (file) => {
        if (allowed && !allowed.includes(file.type)) {
          setFailed({ id, revision });
          return;
        }
        url = URL.createObjectURL(file);
        setLoaded({ id, revision, file, url });
      },
      () => {
        if (!controller.signal.aborted) setFailed({ id, revision });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [files, id, revision, acceptKey]);
  const shown = loaded?.id === id && loaded.revision === revision ? loaded : null;
  return { shown, failed: !shown && failed?.id === id && failed.revision === revision };
}
