import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { Translate } from '../registry/fieldPlugin';
import type { FileField } from './useFileField';

/** Props of {@link DeleteFileDialog}. */
export interface DeleteFileDialogProps {
  /** The field's file flow, which opens and closes the confirmation. */
  readonly fileField: FileField;
  /** The area of the field's texts (`picture`, `upload`): its `deleteTitle`, `keep` and so on. */
  readonly area: string;
  /** Translates in the form's language. */
  readonly t: Translate;
  /** The file's name, shown in bold under the question, when the field shows names. */
  readonly fileName?: ReactNode;
  /** Deletes the file. */
  onConfirm(): void;
  /** Where focus goes when the button that asked is gone. */
  returnFocusTo(): HTMLElement | null;
}

/** The confirmation a field asks before it deletes its stored file (spec 001 section 4). */
export function DeleteFileDialog({
  fileField,
  area,
  t,
  fileName,
  onConfirm,
  returnFocusTo,
}: DeleteFileDialogProps) {
  return (
    <ConfirmDialog
      isOpen={fileField.confirmingDelete}
      title={t(`${area}.deleteTitle`)}
      message={t(`${area}.deleteMessage`)}
      boldText={fileName}
      primaryText={t(`${area}.deleteConfirm`)}
      secondaryText={t(`${area}.keep`)}
      primaryIntent="danger"
      onConfirm={onConfirm}
      onCancel={fileField.keepFile}
      returnFocusTo={returnFocusTo}
    />
  );
}
