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

/** The stored file a field value points at. */
export interface StoredFile {
  /** The file id kept as the field's value. */
  readonly id: string;
  /** The name the user gave the file, if known. */
  readonly fileName?: string;
}

/** Saves and loads the files of picture, signature and upload fields. */
export interface FileService {
  /** Stores a file for a field; answers its id. An `existingId` replaces that file. */
  upload(
    file: Blob,
    options: { readonly fieldId: string; readonly fileName?: string; readonly existingId?: string },
  ): Promise<StoredFile>;
  /** Fetches a stored file. */
  download(id: string, signal?: AbortSignal): Promise<Blob>;
}

/** A webhook call's outcome (spec 001 section 3, "Webhook result"). */
export interface WebhookResult {
  /** The call succeeded. */
  readonly isSuccess: boolean;
  /** The server failed. */
  readonly isServerError: boolean;
  /** The remote answered with an HTTP error. */
  readonly isHttpError: boolean;
  /** That HTTP status, when there is one. */
  readonly httpErrorCode?: number;
  /** The pre-script failed before the call. */
  readonly isPreScriptError: boolean;
}

/** Calls a webhook button's hook with the form's current values. */
export interface WebhookService {
  /** Runs the webhook configured on a field. */
  call(fieldId: string, values: Readonly<Record<string, unknown>>): Promise<WebhookResult>;
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
