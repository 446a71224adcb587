import type {
  DocumentTemplate,
  GenerateAnswer,
  GeneratedDocument,
  TemplatesAnswer,
} from '../../schemas/api/documents';
import { DocumentPath, type DocumentType } from '../../schemas/api/documentsConstants';
import { http } from './httpClient';
import { attachmentName } from './attachmentName';

export type { DocumentTemplate, GeneratedDocument };

/** Filling a large template on a busy server takes longer than an ordinary call. */
const DOCUMENT_TIMEOUT_MS = 120_000;

/** What a document is generated for: a process instance or a record (exactly one). */
export interface DocumentSubjectRef {
  /** The process instance whose variables and completed tasks fill the template. */
  processInstanceId?: string | undefined;
  /** The record (its id) whose data fills the template. */
  contentId?: string | undefined;
}

/** The calls of the generate menu, so a test or another host can hand in its own. */
export interface DocumentApi {
  listTemplates(scope: string): Promise<DocumentTemplate[]>;
  generate(
    template: { id: string; documentType: DocumentType; name: string },
    subject: DocumentSubjectRef,
  ): Promise<GeneratedDocument>;
  download(document: GeneratedDocument): Promise<File>;
}

/** The templates of one scope: an object definition key or a report type. */
async function listTemplates(scope: string): Promise<DocumentTemplate[]> {
  const response = await http.get<TemplatesAnswer>(DocumentPath.templates, { params: { scope } });
  return response.data.data;
}

/**
 * Asks the server to fill a template for a subject (spec 001 section 7: "generate with
 * processInstanceId, contentId, documentType"); answers where the document can be fetched.
 * A full queue rejects with a 429 `RateLimitedError` whose code is SERVER_TOO_BUSY.
 */
async function generate(
  template: { id: string; documentType: DocumentType; name: string },
  subject: DocumentSubjectRef,
): Promise<GeneratedDocument> {
  const response = await http.post<GenerateAnswer>(
    DocumentPath.generate,
    {
      templateId: template.id,
      documentType: template.documentType,
      label: template.name,
      ...(subject.processInstanceId ? { processInstanceId: subject.processInstanceId } : {}),
      ...(subject.contentId ? { contentId: subject.contentId } : {}),
    },
    { timeout: DOCUMENT_TIMEOUT_MS },
  );
  return response.data.data;
}

/**
 * A generated document's bytes (`documentTemplate/raw/{processInstanceId}?contentId&
 * requiredFileFormat`) as a File named as the server serves it.
 */
async function download(document: GeneratedDocument): Promise<File> {
  const response = await http.get<Blob>(DocumentPath.raw(document.processInstanceId), {
    params: { contentId: document.contentId, requiredFileFormat: document.requiredFileFormat },
    responseType: 'blob',
    timeout: DOCUMENT_TIMEOUT_MS,
    headers: { Accept: '*/*' },
  });
  const name = attachmentName(response.headers['content-disposition']) ?? document.fileName;
  return new File([response.data], name, { type: response.data.type });
}

/** The documents calls over the app's HTTP client. */
export const documentService: DocumentApi = { listTemplates, generate, download };
