import { Button, Classes, HTMLTable } from '@blueprintjs/core';
import { DocumentIcon, DownloadIcon, TrashIcon, UploadIcon } from '@blueprintjs/icons';
import { useRef, useState } from 'react';
import { FILE_MAX_BYTES, type FileKind } from '../../schemas/api/filesConstants';
import { saveFile } from '../../src/components/saveFile';
import { LoadingOverlay } from '../../src/components/LoadingOverlay';
import {
  DeleteFileDialog,
  FileChooser,
  FileFieldButton,
  fileRefusal,
  useFileField,
  type FileRefusalReason,
} from '../../src/forms/fileField';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { describedBy, FieldMessage } from '../../src/forms/registry/FieldMessage';
import { ServiceUnavailable } from '../../src/forms/registry/ServiceUnavailable';
import { isFileValue, sanitizeFileValue, type FileValue } from './fileValue';
import './fileField.css';

/** Props of {@link FileFieldWidget}. */
export interface FileFieldWidgetProps extends FieldWidgetProps {
  /** The file store's kind, which decides the types and size the store accepts. */
  readonly kind: FileKind;
  /** The extensions offered and checked before uploading (`xlsx`, `pdf`). */
  readonly extensions: readonly string[];
  /** The area of the field's texts: `excelUpload` or `upload`. */
  readonly texts: 'excelUpload' | 'upload';
  /** Shows a spreadsheet's first rows under the field. */
  readonly showRows?: boolean;
}

/**
 * Why the last action failed, as a text key of the field's area. `spreadsheetError` is the
 * server's refusal to read a spreadsheet (it unpacks too large, has too many cells or takes
 * too long), which only a spreadsheet field's uploads meet.
 */
type Problem =
  'fileSizeError' | 'fileFormatError' | 'spreadsheetError' | 'uploadError' | 'deleteError' | null;

/** Good news under the field after an action: its text's key and the file it names. */
interface Notice {
  readonly key: 'uploadSuccess' | 'deleteSuccess';
  readonly name: string;
}

/** A cell that reads as an amount (`5200`, `-1,250.50`, `12 %`): aligned on the right. */
const NUMBER = /^[-+(]?[\d\s.,]*\d[\d\s.,]*\)?\s?%?$/;

/** How a spreadsheet cell is laid out: an amount on the right, a long text in a wider column. */
function cellClassName(cell: string | null): string | undefined {
  if (cell === null) return undefined;
  if (NUMBER.test(cell)) return 'tf-file__number';
  return cell.length > LONG_CELL ? 'tf-file__long' : undefined;
}

/** Characters from which a cell's text counts as long. */
const LONG_CELL = 24;

const extensionOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/**
 * The field's message for each refusal of the file store. An unreadable file comes back as a
 * 415, as one of a type not allowed does: both read as a wrong format here.
 */
const REFUSAL_PROBLEMS: Record<FileRefusalReason, Problem> = {
  spreadsheet: 'spreadsheetError',
  tooLarge: 'fileSizeError',
  unreadable: 'fileFormatError',
  typeNotAllowed: 'fileFormatError',
};

/** The field's message for a failed upload: the store's refusal, or a failure to retry. */
function problemOf(error: unknown): Problem {
  const reason = fileRefusal(error);
  return reason === null ? 'uploadError' : REFUSAL_PROBLEMS[reason];
}

/**
 * An upload field on the task's file store (spec 001 sections 3 and 5): choose one file of
 * the allowed types and size (checked here, and again by the store from its bytes), upload it
 * under the full-screen wait, show its name with a download and a delete (after a
 * confirmation), and, for a spreadsheet, its first rows with the row count. Format and size
 * errors show under the field. A read-only field shows the file with its download only.
 */
export function FileFieldWidget({
  kind,
  extensions,
  texts,
  showRows = false,
  ...props
}: FileFieldWidgetProps) {
  const { field, inputId, errorId, readOnly, invalid, text, runtime } = props;
  const { t } = runtime;
  const announce = runtime.services.announce;
  const sanitized = sanitizeFileValue(props.value);
  const stored: FileValue | null = isFileValue(sanitized) ? sanitized : null;
  const fileField = useFileField(props, { kind, fileId: stored?.id ?? null });
  const { files, busy } = fileField;
  const [problem, setProblem] = useState<Problem>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const configured = Array.isArray(text.config.accept)
    ? text.config.accept.filter((entry): entry is string => typeof entry === 'string')
    : [];
  const allowed = configured.length > 0 ? configured : extensions;
  const maxBytes =
    typeof text.config.maxBytes === 'number'
      ? Math.min(text.config.maxBytes, FILE_MAX_BYTES[kind])
      : FILE_MAX_BYTES[kind];
  const messageId = `${inputId}-file-message`;

  if (!files) return <ServiceUnavailable service="files" field={field} t={t} id={inputId} />;

  const choose = (file: File | undefined) => {
    if (!file) return;
    setNotice(null);
    if (!allowed.includes(extensionOf(file.name))) {
      setProblem('fileFormatError');
      return;
    }
    if (file.size > maxBytes) {
      setProblem('fileSizeError');
      return;
    }
    setProblem(null);
    void fileField.store(
      file,
      { fileName: file.name },
      {
        stored: (saved) => {
          const next: FileValue = saved.spreadsheet
            ? {
                id: saved.id,
                fileName: saved.fileName,
                rows: saved.spreadsheet.rows,
                rowCount: saved.spreadsheet.rowCount,
              }
            : { id: saved.id, fileName: saved.fileName };
          props.onChange(next);
          props.onBlur();
          setNotice({ key: 'uploadSuccess', name: saved.fileName });
          announce?.(`${texts}.uploadSuccess`, { name: saved.fileName });
        },
        failed: (error) => setProblem(problemOf(error)),
      },
    );
  };

  const remove = () => {
    if (!stored) return;
    fileField.remove({
      removed: () => {
        setProblem(null);
        setNotice({ key: 'deleteSuccess', name: stored.fileName });
        announce?.(`${texts}.deleteSuccess`, { name: stored.fileName });
      },
      failed: () => setProblem('deleteError'),
    });
  };

  const download = () => {
    if (!stored) return;
    void files.download(stored.id).then((file) => saveFile(file, file.name || stored.fileName));
  };

  return (
    // Read-only, no control carries the field's id: the field itself does, as the label's target.
    <div className="tf-file" id={readOnly ? inputId : undefined}>
      {stored ? (
        <div className="tf-file__stored">
          <DocumentIcon aria-hidden />
          <span className="tf-file__name" data-testid="file-name">
            {stored.fileName}
          </span>
          <Button
            variant="minimal"
            size="small"
            icon={<DownloadIcon />}
            text={t(`${texts}.download`)}
            onClick={download}
          />
          {!readOnly && (
            <Button
              variant="minimal"
              size="small"
              intent="danger"
              icon={<TrashIcon />}
              text={t(`${texts}.delete`)}
              onClick={fileField.askToDelete}
            />
          )}
        </div>
      ) : (
        readOnly && <span className={Classes.TEXT_MUTED}>{t(`${texts}.noFile`)}</span>
      )}
      {!readOnly && (
        <>
          <FileChooser
            ref={input}
            id={`${inputId}-file`}
            accept={allowed.map((extension) => `.${extension}`).join(',')}
            testId="file-input"
            onChoose={choose}
          />
          <FileFieldButton
            id={inputId}
            icon={<UploadIcon />}
            invalid={invalid}
            text={stored ? t(`${texts}.replace`) : t(`${texts}.choose`)}
            describedBy={describedBy(errorId, (problem || notice) && messageId)}
            onClick={() => input.current?.click()}
          />
          <span className={`tf-file__hint ${Classes.TEXT_MUTED}`}>
            {t(`${texts}.hint`, {
              types: allowed.map((extension) => extension.toUpperCase()).join(', '),
              size: Math.round(maxBytes / (1024 * 1024)),
            })}
          </span>
        </>
      )}
      <FieldMessage
        id={messageId}
        {...(problem
          ? {
              intent: 'danger',
              text: t(`${texts}.${problem}`, {
                types: allowed.map((extension) => extension.toUpperCase()).join(', '),
                size: Math.round(maxBytes / (1024 * 1024)),
              }),
            }
          : notice
            ? { intent: 'success', text: t(`${texts}.${notice.key}`, { name: notice.name }) }
            : {})}
        announced={announce !== undefined}
      />
      {showRows && stored?.rows && stored.rows.length > 0 && (
        // A wide sheet scrolls sideways inside its box, which the keyboard can reach too.
        <div
          className="tf-file__rows"
          role="region"
          tabIndex={0}
          aria-labelledby={`${inputId}-rows-caption`}
        >
          <HTMLTable compact striped bordered data-testid="file-rows">
            <caption id={`${inputId}-rows-caption`}>
              {t(`${texts}.rowsCaption`, {
                shown: stored.rows.length,
                count: stored.rowCount ?? stored.rows.length,
              })}
            </caption>
            <tbody>
              {stored.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, cellIndex) => (
                    <td key={cellIndex} className={cellClassName(cell)}>
                      {cell ?? ''}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      <DeleteFileDialog
        fileField={fileField}
        area={texts}
        t={t}
        fileName={stored?.fileName}
        onConfirm={remove}
        returnFocusTo={() => document.getElementById(inputId)}
      />
      <LoadingOverlay
        isOpen={busy !== null}
        label={busy === 'deleting' ? t(`${texts}.deleting`) : t(`${texts}.uploading`)}
      />
    </div>
  );
}
