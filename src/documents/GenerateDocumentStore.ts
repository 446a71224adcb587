import { makeAutoObservable, runInAction } from 'mobx';
import {
  DocumentStatus,
  TemplateRefusal,
  type DocumentType,
} from '../../schemas/api/documentsConstants';
import { ProcessType } from '../../schemas/api/processes';
import { ApiError, ForbiddenError, UnauthorizedError } from '../api/errors';
import { RemoteLoadingStatus } from '../stores/statuses';
import type { ToastStore } from '../stores/ToastStore';
import type { DocumentApi, DocumentSubjectRef, DocumentTemplate } from '../api/documentService';

/** What the store needs from outside. */
export interface GenerateDocumentDeps {
  api: DocumentApi;
  toasts: Pick<ToastStore, 'showError'>;
  /** Hands the finished file to the browser. */
  save: (file: File) => void;
}

const REPORT_TYPES: readonly string[] = Object.values(ProcessType);

/** The HTTP status an error stands for; 0 when no answer came. */
const statusOf = (error: unknown): number => (error instanceof ApiError ? error.status : 0);

const TEMPLATE_REFUSALS: readonly string[] = Object.values(TemplateRefusal);

/**
 * The template refusal a failed generation names (too slow or too large to fill, a broken
 * tag), if any: its code is also its translation key, so the banner can say what to change.
 */
function refusalOf(error: unknown): TemplateRefusal | null {
  if (!(error instanceof ApiError)) return null;
  const detail = error.details.find((item) => TEMPLATE_REFUSALS.includes(item.code));
  return (detail?.code as TemplateRefusal | undefined) ?? null;
}

/**
 * The generate menu of one subject (spec 001 section 4, "Document generation"): the scope's
 * templates, and the last generation's status. `statusCode` starts at 200, is 0 while a
 * document is being made and then the answer's status; any result but loading shows a
 * banner until it is dismissed or the next generation starts.
 */
export class GenerateDocumentStore {
  templates: DocumentTemplate[] = [];
  templatesStatus: RemoteLoadingStatus = RemoteLoadingStatus.unknown;
  status: DocumentStatus = DocumentStatus.default;
  statusCode = 200;
  /** Why the server refused the last generation's template, when it said; else null. */
  refusal: TemplateRefusal | null = null;
  /** The last generated file's name, for the success message. */
  fileName = '';
  private scope = '';

  constructor(private readonly deps: GenerateDocumentDeps) {
    makeAutoObservable<GenerateDocumentStore, 'deps'>(this, { deps: false });
  }

  /** Whether the scope's documents are reports (a process report type). */
  get isReport(): boolean {
    return REPORT_TYPES.includes(this.scope);
  }

  /** Whether a document is being made now. */
  get isGenerating(): boolean {
    return this.status === DocumentStatus.loading;
  }

  /** Loads the scope's templates; a failure (but 401 or 403) shows common.serverErrorTryAgain. */
  async load(scope: string): Promise<void> {
    this.scope = scope;
    this.templatesStatus = RemoteLoadingStatus.loading;
    try {
      const templates = await this.deps.api.listTemplates(scope);
      runInAction(() => {
        if (this.scope !== scope) return;
        this.templates = templates;
        this.templatesStatus = RemoteLoadingStatus.fullyLoaded;
      });
    } catch (error) {
      runInAction(() => {
        if (this.scope !== scope) return;
        this.templates = [];
        this.templatesStatus = RemoteLoadingStatus.loadingFailed;
      });
      if (!(error instanceof UnauthorizedError) && !(error instanceof ForbiddenError)) {
        this.deps.toasts.showError('common.serverErrorTryAgain');
      }
    }
  }

  /**
   * Makes a document from a template for the subject and hands it to the browser. The
   * status tells how it went: success, notFound (404), tooBusy (429 SERVER_TOO_BUSY) or
   * httpError with the status, and `refusal` when the server named what is wrong with the
   * template. For reports, a failure other than busy, a refusal, 401 or 403 also shows the
   * server-error toast (spec 001 section 8): trying again does not help a refused template.
   */
  async generate(
    template: { id: string; documentType: DocumentType; name: string },
    subject: DocumentSubjectRef,
  ): Promise<void> {
    if (this.isGenerating) return;
    this.status = DocumentStatus.loading;
    this.statusCode = 0;
    this.refusal = null;
    try {
      const document = await this.deps.api.generate(template, subject);
      const file = await this.deps.api.download(document);
      this.deps.save(file);
      runInAction(() => {
        this.fileName = file.name;
        this.statusCode = 200;
        this.status = DocumentStatus.success;
      });
    } catch (error) {
      const status = statusOf(error);
      const refusal = refusalOf(error);
      runInAction(() => {
        this.statusCode = status;
        this.refusal = refusal;
        this.status =
          status === 404
            ? DocumentStatus.notFound
            : status === 429
              ? DocumentStatus.tooBusy
              : DocumentStatus.httpError;
      });
      if (this.isReport && refusal === null && status !== 429 && status !== 401 && status !== 403) {
        this.deps.toasts.showError('common.serverErrorTryAgain');
      }
    }
  }

  /** Clears the banner. */
  dismiss(): void {
    if (this.status === DocumentStatus.loading) return;
    this.status = DocumentStatus.default;
    this.statusCode = 200;
    this.refusal = null;
  }
}
