import type {
  AdminTemplate,
  AdminTemplatesAnswer,
  TemplateAnswer,
  TemplateScope,
} from '../../schemas/api/documents';
import { DocumentPath } from '../../schemas/api/documentsConstants';
import { http } from './httpClient';

export type { AdminTemplate, TemplateScope };

/** Reading a large template on a busy server takes longer than an ordinary call. */
const UPLOAD_TIMEOUT_MS = 120_000;

/** What the administrators' templates page calls, so a test or another host can hand in its own. */
export interface TemplatesAdminApi {
  list(): Promise<AdminTemplatesAnswer>;
  add(input: { scope: string; name: string; file: File }): Promise<void>;
  remove(templateId: string): Promise<void>;
}

/** The administrators' template calls over the app's HTTP client. */
export const templatesAdminApi: TemplatesAdminApi = {
  async list() {
    return (await http.get<AdminTemplatesAnswer>(DocumentPath.adminTemplates)).data;
  },
  async add({ scope, name, file }) {
    // The server reads the fields before the file, so they come first.
    const form = new FormData();
    form.append('scope', scope);
    form.append('name', name);
    form.append('file', file, file.name);
    await http.post<TemplateAnswer>(DocumentPath.adminTemplates, form, {
      timeout: UPLOAD_TIMEOUT_MS,
    });
  },
  async remove(templateId) {
    await http.delete(DocumentPath.adminTemplate(templateId));
  },
};
