import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { FileFieldWidget } from './FileFieldWidget';

const DOCUMENT_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg', 'xlsx', 'docx'] as const;

/** Flowable's `upload`: one document of the store's allow-list. */
export function UploadWidget(props: FieldWidgetProps) {
  return (
    <FileFieldWidget {...props} kind="document" extensions={DOCUMENT_EXTENSIONS} texts="upload" />
  );
}
