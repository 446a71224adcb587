import { Button, Classes, HTMLTable } from '@blueprintjs/core';
import { DocumentIcon, DownloadIcon, TrashIcon, UploadIcon } from '@blueprintjs/icons';
import { useEffect, useRef, useState } from 'react';
import { FILE_MAX_BYTES, FileRefusal, type FileKind } from '../../schemas/api/filesConstants';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';
import { saveFile } from '../../src/components/saveFile';
import { LoadingOverlay } from '../../src/components/LoadingOverlay';
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

/** The store's refusals of a spreadsheet it would not read to the end. */
const SPREADSHEET_REFUSALS: readonly string[] = [
  FileRefusal.spreadsheetTooLarge,
  FileRefusal.spreadsheetTooManyCells,
  FileRefusal.spreadsheetTooSlow,
];

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

/** The field's message for a refusal of the file store (`FileRefusal` in the details). */
function problemOf(error: unknown): Problem {
  const { status, details } = error as { status?: number; details?: { code?: string }[] };
  const codes = (details ?? []).map((detail) => detail.code);
  // A zip bomb is a small file: "too large, choose one of up to 10 MB" would not help.
  if (codes.some((code) => code !== undefined && SPREADSHEET_REFUSALS.includes(code))) {
    return 'spreadsheetError';
  }
  if (status === 413 || codes.includes(FileRefusal.tooLarge)) return 'fileSizeError';
  if (status === 415 || codes.includes(FileRefusal.typeNotAllowed)) return 'fileFormatError';
  return 'uploadError';
}

/**
 * An upload field on the task's file store (spec 001 sections 3 and 5): choose one file of
 * the allowed types and size (checked here, and again by the store from its bytes), upload it
 * under the full-screen wait, show its name with a download and a delete (after a
 * confirmation), and, for a spreadsheet, its first rows with the row count. Format and size
 * errors show under the field. A read-only field shows the file with its download only.
 */
export function FileFieldWidget({
  field,
  inputId,
  errorId,
  value,
  onChange,
  onBlur,
  readOnly,
  invalid,
  text,
  runtime,
  kind,
  extensions,
  texts,
  showRows = false,
}: FileFieldWidgetProps) {
  const { t, services } = runtime;
  const announce = services.announce;
  const files = services.files;
  const [busy, setBusy] = useState<'uploading' | 'deleting' | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [confirming, setConfirming] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const configured = Array.isArray(text.config.accept)
    ? text.config.accept.filter((entry): entry is string => typeof entry === 'string')
    : [];
  const allowed = configured.length > 0 ? configured : extensions;
  const maxBytes =
    typeof text.config.maxBytes === 'number'
      ? Math.min(text.config.maxBytes, FILE_MAX_BYTES[kind])
      : FILE_MAX_BYTES[kind];
  const sanitized = sanitizeFileValue(value);
  const stored: FileValue | null = isFileValue(sanitized) ? sanitized : null;
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
    setBusy('uploading');
    files
      .upload(file, {
        kind,
        fieldId: field.id,
        fileName: file.name,
        ...(stored ? { existingId: stored.id } : {}),
      })
      .then(
        (saved) => {
          if (!mounted.current) return;
          const next: FileValue = saved.spreadsheet
            ? {
                id: saved.id,
                fileName: saved.fileName,
                rows: saved.spreadsheet.rows,
                rowCount: saved.spreadsheet.rowCount,
              }
            : { id: saved.id, fileName: saved.fileName };
          onChange(next);
          onBlur();
          setNotice({ key: 'uploadSuccess', name: saved.fileName });
          announce?.(`${texts}.uploadSuccess`, { name: saved.fileName });
        },
        (error: unknown) => {
          if (mounted.current) setProblem(problemOf(error));
        },
      )
      .finally(() => {
        if (mounted.current) setBusy(null);
      });
  };

  const remove = () => {
    if (!stored) return;
    setConfirming(false);
    setBusy('deleting');
    files.remove(stored.id).then(
      () => {
        if (!mounted.current) return;
        onChange(null);
        onBlur();
        setProblem(null);
        setNotice({ key: 'deleteSuccess', name: stored.fileName });
        announce?.(`${texts}.deleteSuccess`, { name: stored.fileName });
        setBusy(null);
      },
      () => {
        if (!mounted.current) return;
        setProblem('deleteError');
        setBusy(null);
      },
    );
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
              onClick={() => setConfirming(true)}
            />
          )}
        </div>
      ) : (
        readOnly && <span className={Classes.TEXT_MUTED}>{t(`${texts}.noFile`)}</span>
      )}
      {!readOnly && (
        <>
          <input
            ref={input}
            id={`${inputId}-file`}
            type="file"
            hidden
            accept={allowed.map((extension) => `.${extension}`).join(',')}
            onChange={(event) => {
              choose(event.currentTarget.files?.[0]);
              event.currentTarget.value = '';
            }}
            data-testid="file-input"
          />
          <Button
            id={inputId}
            variant="outlined"
            icon={<UploadIcon />}
            intent={invalid ? 'danger' : 'none'}
            text={stored ? t(`${texts}.replace`) : t(`${texts}.choose`)}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy(errorId, (problem || notice) && messageId)}
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
      <ConfirmDialog
        isOpen={confirming}
        title={t(`${texts}.deleteTitle`)}
        message={t(`${texts}.deleteMessage`)}
        boldText={stored?.fileName}
        primaryText={t(`${texts}.deleteConfirm`)}
        secondaryText={t(`${texts}.keep`)}
        primaryIntent="danger"
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
        returnFocusTo={() => document.getElementById(inputId)}
      />
      <LoadingOverlay
        isOpen={busy !== null}
        label={busy === 'deleting' ? t(`${texts}.deleting`) : t(`${texts}.uploading`)}
      />
    </div>
  );
}
