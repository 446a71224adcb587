// A field that keeps one file in the task's file store (picture, signature, upload): its
// store calls and their wait, the delete's confirmation, the store's refusals, and the
// controls such fields share.
export { DeleteFileDialog, type DeleteFileDialogProps } from './DeleteFileDialog';
export { FileChooser, type FileChooserProps } from './FileChooser';
export { FileFieldButton, type FileFieldButtonProps } from './FileFieldButton';
export { fileRefusal, type FileRefusalReason } from './fileRefusal';
export { SaveFailureCallout, type SaveFailureCalloutProps } from './SaveFailureCallout';
export { StoredFileImage, type StoredFileImageProps } from './StoredFileImage';
export {
  useFileField,
  type FileField,
  type FileFieldBusy,
  type FileFieldOptions,
  type FileUpload,
  type RemoveHandlers,
  type SaveFailure,
  type StoreHandlers,
} from './useFileField';
