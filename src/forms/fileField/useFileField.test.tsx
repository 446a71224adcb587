import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FieldWidgetProps } from '../registry/fieldPlugin';
import type { FileService, StoredFile } from '../registry/formServices';
import { useFileField, type FileFieldOptions } from './useFileField';

const FILE_ID = '3c1d2e4f-5a6b-4c7d-8e9f-00aa11bb22cc';

/** What the store answers for an upload. */
const STORED: StoredFile = {
  id: FILE_ID,
  fileName: 'photo.jpg',
  mediaType: 'image/jpeg',
  size: 1200,
  spreadsheet: null,
};

/** A promise the test settles when it chooses, to look at the wait while a call runs. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** A file store whose calls answer what the test gives them. */
function fakeFiles(upload: Promise<StoredFile>, remove: Promise<void> = Promise.resolve()) {
  return {
    upload: vi.fn(() => upload),
    download: vi.fn(),
    remove: vi.fn(() => remove),
  } satisfies FileService;
}

/** The hook in a field `photo` of the given store, with the widget's value callbacks spied. */
function renderFileField(files: FileService, options: FileFieldOptions) {
  const onChange = vi.fn();
  const onBlur = vi.fn();
  const props = {
    field: { id: 'photo' },
    onChange,
    onBlur,
    runtime: { services: { files } },
  } as unknown as FieldWidgetProps;
  const hook = renderHook(() => useFileField(props, options));
  return { ...hook, onChange, onBlur };
}

describe('useFileField', () => {
  it('given a field with a file, when a new one is made and stored, then the wait says each step and the store replaces the file, keeping its id', async () => {
    const made = deferred<Blob>();
    const upload = deferred<StoredFile>();
    const files = fakeFiles(upload.promise);
    const { result } = renderFileField(files, { kind: 'picture', fileId: FILE_ID });
    const stored = vi.fn();

    let saving: Promise<void> = Promise.resolve();
    act(() => {
      saving = result.current.store(
        () => made.promise,
        { fileName: 'photo.jpg' },
        {
          stored,
          failed: vi.fn(),
        },
      );
    });
    expect(result.current.busy).toBe('preparing');
    await act(async () => made.resolve(new Blob(['jpeg'])));
    expect(result.current.busy).toBe('uploading');
    await act(async () => {
      upload.resolve(STORED);
      await saving;
    });

    expect(files.upload).toHaveBeenCalledWith(expect.any(Blob), {
      kind: 'picture',
      fieldId: 'photo',
      fileName: 'photo.jpg',
      existingId: FILE_ID,
    });
    expect(stored).toHaveBeenCalledWith(STORED);
    expect(result.current.busy).toBeNull();
  });

  it('given a failed save, when it fails again, then the failure is a failed retry until it is forgotten', async () => {
    const files = fakeFiles(Promise.reject(new Error('offline')));
    const { result } = renderFileField(files, { kind: 'signature', fileId: null });
    const store = () =>
      result.current.store(
        new Blob(['png']),
        { fileName: 'photo.png' },
        {
          stored: vi.fn(),
          failed: result.current.saveFailed,
        },
      );

    await act(store);
    expect(result.current.failure).toBe('first');
    await act(store);
    expect(result.current.failure).toBe('retry');
    act(() => result.current.forgetFailure());
    expect(result.current.failure).toBeNull();
    expect(files.upload).toHaveBeenCalledWith(expect.any(Blob), {
      kind: 'signature',
      fieldId: 'photo',
      fileName: 'photo.png',
    });
  });

  it('given a confirmed delete, when the store deletes the file, then the confirmation closes and the value is cleared', async () => {
    const files = fakeFiles(Promise.resolve(STORED));
    const { result, onChange, onBlur } = renderFileField(files, {
      kind: 'document',
      fileId: FILE_ID,
    });
    const removed = vi.fn();

    act(() => result.current.askToDelete());
    expect(result.current.confirmingDelete).toBe(true);
    await act(async () => result.current.remove({ removed, failed: vi.fn() }));

    expect(files.remove).toHaveBeenCalledWith(FILE_ID);
    expect(result.current.confirmingDelete).toBe(false);
    expect(onChange).toHaveBeenCalledWith(null);
    expect(onBlur).toHaveBeenCalled();
    expect(removed).toHaveBeenCalled();
    expect(result.current.busy).toBeNull();
  });

  it('given a delete the store refuses, then the value stays and the field hears of it', async () => {
    const files = fakeFiles(Promise.resolve(STORED), Promise.reject(new Error('refused')));
    const { result, onChange } = renderFileField(files, { kind: 'document', fileId: FILE_ID });
    const failed = vi.fn();

    await act(async () => result.current.remove({ removed: vi.fn(), failed }));

    expect(failed).toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
    expect(result.current.busy).toBeNull();
  });

  it('given a widget that left the page, when its upload ends, then nothing of it reaches the widget', async () => {
    const upload = deferred<StoredFile>();
    const { result, unmount } = renderFileField(fakeFiles(upload.promise), {
      kind: 'picture',
      fileId: null,
    });
    const stored = vi.fn();

    let saving: Promise<void> = Promise.resolve();
    act(() => {
      saving = result.current.store(
        new Blob(['jpeg']),
        { fileName: 'photo.jpg' },
        {
          stored,
          failed: vi.fn(),
        },
      );
    });
    unmount();
    upload.resolve(STORED);
    await saving;

    expect(stored).not.toHaveBeenCalled();
  });
});
