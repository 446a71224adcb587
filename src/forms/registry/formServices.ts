import type { FileKind, SignatureMethod, SpreadsheetSummary } from '../../../schemas/api/files';

/**
 * What a form may ask of the application around it. The host (the task page, the author
 * preview, a test) passes these in; a field plugin reads the ones it needs from its props.
 * Every member is optional, so a host that lacks one (the preview has no file store)
 * still renders the form, and the plugin shows why it cannot do its job: it renders
 * `ServiceUnavailable` in place of its control, never a control that silently does nothing.
 */
export interface FormServices {
  /** People and functional groups for the user and group pickers. */
  readonly usersSource?: UsersSource;
  /** Stores and fetches files (pictures, signatures, uploads). */
  readonly files?: FileService;
  /** Calls a field's webhook on the server. */
  readonly webhooks?: WebhookService;
  /**
   * Speaks a result in the page's one polite live region (a location found, a file
   * uploaded): a translation key and its values. Without it, results only show.
   */
  readonly announce?: (key: string, values?: Record<string, string | number>) => void;
}

/** A person or a functional group as a picker lists it. */
export interface DirectoryEntry {
  /** The id stored as the field's value. */
  readonly id: string;
  /** What the picker shows. */
  readonly name: string;
  /** A second line (an email, a team), if any. */
  readonly detail?: string;
  /** How many people belong to a group: its second line, in the user's language. */
  readonly memberCount?: number;
}

/** Which directory a picker searches. */
export type DirectoryKind = 'user' | 'group';

/** Looks people and groups up for the `people` and `functional-group` fields. */
export interface UsersSource {
  /**
   * The directories this source can search. A picker of a kind not listed shows that its
   * directory is not available, as it does without a source.
   */
  readonly kinds: readonly DirectoryKind[];
  /** Entries whose name matches `query` (an empty query may list the first few). */
  search(
    kind: DirectoryKind,
    query: string,
    signal?: AbortSignal,
  ): Promise<readonly DirectoryEntry[]>;
  /** The entry for a stored id, to show a saved value by name. */
  describe?(kind: DirectoryKind, id: string, signal?: AbortSignal): Promise<DirectoryEntry | null>;
}

/** The stored file a field value points at, as the file store answered an upload. */
export interface StoredFile {
  /** The file id kept as the field's value. */
  readonly id: string;
  /** The name the file is downloaded under. */
  readonly fileName: string;
  /** The type the store read from the content (not the name): `image/png`, `application/pdf`... */
  readonly mediaType: string;
  /** Its size in bytes, after the store re-encoded it. */
  readonly size: number;
  /** A spreadsheet's first rows and row count, read by the server; null for anything else. */
  readonly spreadsheet: SpreadsheetSummary | null;
  /** How a signature was made (drawn or typed); absent for other files. */
  readonly signatureMethod?: SignatureMethod | undefined;
}

/** Saves, loads and removes the files of picture, signature and upload fields. */
export interface FileService {
  /**
   * Stores a file for a field; answers what was stored, with its id. `kind` decides the
   * types and the size the store accepts; an `existingId` gives that file new content and
   * keeps its id. Rejects with the store's refusal (`FileRefusal` in the error's details).
   */
  upload(
    file: Blob,
    options: {
      readonly kind: FileKind;
      readonly fieldId: string;
      readonly fileName: string;
      readonly existingId?: string;
      /** A signature's way of being made, kept with its file. */
      readonly signatureMethod?: SignatureMethod;
    },
  ): Promise<StoredFile>;
  /** Fetches a stored file, named as the store serves it (for a download button). */
  download(id: string, signal?: AbortSignal): Promise<File>;
  /** Removes a stored file (a field's delete). */
  remove(id: string): Promise<void>;
}

/**
 * A webhook call's outcome (spec 001 section 3, "Webhook result"): exactly one of
 * `isSuccess`, `isHttpError` and `isServerError` holds. A script error carries the target's
 * code and whether it was the prescript (`isPreScriptError`) or the postscript.
 */
export interface WebhookResult {
  /** The call succeeded. */
  readonly isSuccess: boolean;
  /** A script of the call failed (see `isPreScriptError` and `scriptErrorCode`). */
  readonly isServerError: boolean;
  /** The target answered with an HTTP error, or could not be reached in time. */
  readonly isHttpError: boolean;
  /** That HTTP status; null without one. */
  readonly httpErrorCode: number | null;
  /** The failed script was the prescript, run before the call; otherwise the postscript. */
  readonly isPreScriptError: boolean;
  /** The failed script's code; null without a script error. */
  readonly scriptErrorCode: string | null;
  /**
   * On success of a button that reads its answer (`config.answerFields`): the variables the
   * server took from the answer and recorded for the task, by field id.
   */
  readonly values?: Readonly<Record<string, string | number | boolean | null>>;
}

/** Calls the webhook targets that webhook buttons name, with the form's current values. */
export interface WebhookService {
  /**
   * Has the server call the target of this name (a field's `config.webhook`); answers its
   * result, or rejects when the call could not be made (no such target, no connection).
   */
  call(webhook: string, values: Readonly<Record<string, unknown>>): Promise<WebhookResult>;
}

/**
 * What a field can find missing: the people or the group directory, the file store, the
 * webhook caller. Each has a translated "not available" text, `fields.unavailable.<name>`.
 */
export type MissingService = 'people' | 'groups' | 'files' | 'webhooks';

/** The missing service a picker of this kind reports. */
export function directoryService(kind: DirectoryKind): MissingService {
  return kind === 'user' ? 'people' : 'groups';
}

/** The host's users source when it can search `kind`, otherwise undefined. */
export function usersSourceFor(
  services: FormServices,
  kind: DirectoryKind,
): UsersSource | undefined {
  const source = services.usersSource;
  return source?.kinds.includes(kind) ? source : undefined;
}
