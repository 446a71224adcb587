import { useState, type RefObject } from 'react';
import type { FileKind, SignatureMethod } from '../../../schemas/api/filesConstants';
import type { FieldWidgetProps } from '../registry/fieldPlugin';
import type { FileService, StoredFile } from '../registry/formServices';
import { useMountedRef } from '../registry/useMountedRef';

/** The long action under way, shown by the full-screen wait; null when there is none. */
export type FileFieldBusy = 'preparing' | 'uploading' | 'deleting' | null;

/** What the last save's failure says: a first failure and a failed retry differ. */
export type SaveFailure = 'first' | 'retry' | null;

/** What a field knows of the file it is about to store, beside its bytes. */
export interface FileUpload {
  /** The name the store keeps the file under. */
  readonly fileName: string;
  /** How a signature was made; only for a signature. */
  readonly signatureMethod?: SignatureMethod;
}

/** What a field does once a store call has ended, if the field is still in the page. */
export interface StoreHandlers {
  /** The store kept the file: the field takes its id. */
  stored(file: StoredFile): void;
  /** Making or storing the file failed; `error` is the store's refusal or any other failure. */
  failed(error: unknown): void;
}

/** What a field does once its file is deleted, or could not be, if it is still in the page. */
export interface RemoveHandlers {
  /** The file is gone and the field's value cleared. */
  removed(): void;
  /** The store kept the file. */
  failed(): void;
}

/** Props of {@link useFileField}, beside the widget's own. */
export interface FileFieldOptions {
  /** The store's kind of the field's files, which decides the types and size it accepts. */
  readonly kind: FileKind;
  /** The stored file the field names now; a new upload replaces its content, keeping its id. */
  readonly fileId: string | null;
}

/** The stored-file flow of a field: its store calls, their wait, the delete's confirmation. */
export interface FileField {
  /** The form's file store; a host without one gets the field's "not available" box. */
  readonly files: FileService | undefined;
  /** Whether the widget is still in the page. */
  readonly mounted: RefObject<boolean>;
  /** The long action under way. */
  readonly busy: FileFieldBusy;
  /** Starts or ends a long action of the field's own (reading a chosen picture). */
  setBusy(busy: FileFieldBusy): void;
  /** The last save's failure, until the field forgets it. */
  readonly failure: SaveFailure;
  /** Counts a failed save: the first, then a failed retry. */
  saveFailed(): void;
  /** Forgets the last save's failure (a new dialog, a closed one). */
  forgetFailure(): void;
  /** Whether the delete's confirmation is open. */
  readonly confirmingDelete: boolean;
  /** Opens the delete's confirmation. */
  askToDelete(): void;
  /** Closes the delete's confirmation, keeping the file. */
  keepFile(): void;
  /**
   * Stores a file for the field under the wait: `content` is the file, or makes it (drawn,
   * encoded) while the wait says the file is being prepared. Replaces the field's file when it
   * has one. The handlers run only while the widget is still in the page.
   */
  store(
    content: Blob | (() => Promise<Blob>),
    upload: FileUpload,
    handlers: StoreHandlers,
  ): Promise<void>;
  /** Deletes the field's file under the wait (after the confirmation) and clears its value. */
  remove(handlers: RemoveHandlers): void;
}

/**
 * The part of a field that keeps one file in the task's file store (a picture, a signature,
 * an upload): uploading it as the field's file, the full-screen wait while a call runs,
 * deleting it after a confirmation, and counting failed saves so a retry says it failed again.
 * Nothing of a call's end reaches a widget that has left the page.
 */
export function useFileField(
  { field, onChange, onBlur, runtime }: FieldWidgetProps,
  { kind, fileId }: FileFieldOptions,
): FileField {
  const files = runtime.services.files;
  const mounted = useMountedRef();
  const [busy, setBusy] = useState<FileFieldBusy>(null);
  const [failure, setFailure] = useState<SaveFailure>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const store = async (
    content: Blob | (() => Promise<Blob>),
    upload: FileUpload,
    handlers: StoreHandlers,
  ) => {
    if (!files) return;
    try {
      let file: Blob;
      if (typeof content === 'function') {
        setBusy('preparing');
        file = await content();
      } else {
        file = content;
      }
      setBusy('uploading');
      const stored = await files.upload(file, {
        kind,
        fieldId: field.id,
        ...upload,
        ...(fileId ? { existingId: fileId } : {}),
      });
      if (mounted.current) handlers.stored(stored);
    } catch (error) {
      if (mounted.current) handlers.failed(error);
    } finally {
      if (mounted.current) setBusy(null);
    }
  };

  const remove = (handlers: RemoveHandlers) => {
    if (!files || !fileId) return;
    setConfirmingDelete(false);
    setBusy('deleting');
    files.remove(fileId).then(
      () => {
        if (!mounted.current) return;
        onChange(null);
        onBlur();
        handlers.removed();
        setBusy(null);
      },
      () => {
        if (!mounted.current) return;
        handlers.failed();
        setBusy(null);
      },
    );
  };

  return {
    files,
    mounted,
    busy,
    setBusy,
    failure,
    saveFailed: () => setFailure((previous) => (previous === null ? 'first' : 'retry')),
    forgetFailure: () => setFailure(null),
    confirmingDelete,
    askToDelete: () => setConfirmingDelete(true),
    keepFile: () => setConfirmingDelete(false),
    store,
    remove,
  };
}
