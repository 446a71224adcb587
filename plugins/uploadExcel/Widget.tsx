import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { FileFieldWidget } from '../upload/FileFieldWidget';

const SPREADSHEET_EXTENSIONS = ['xlsx', 'pdf'] as const;

/** An xlsx or pdf upload, with a spreadsheet's first rows and row count under the field. */
export function UploadExcelWidget(props: FieldWidgetProps) {
  return (
    <FileFieldWidget
      {...props}
      kind="spreadsheet"
      extensions={SPREADSHEET_EXTENSIONS}
      texts="excelUpload"
      showRows
    />
  );
}
