import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type ErrorBody } from '../../schemas/api/common';
import { DocumentPath, TemplateRefusal } from '../../schemas/api/documents';
import { ProcessType } from '../../schemas/api/processes';
import { buildDocx } from '../../server/documents/buildDocx';
import { testConfig } from '../../server/testing/startTestServer';
import { EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import { setUpTestServer } from '../helpers/setUpTestServer';
import type { IdentityClient } from './identityClient';
import { multipartBody } from './uploadForm';

/** A fill heap no job thread can even start in: any template check passes it. */
const TINY_HEAP_MB = 1;

describe('the template check under the configured limits', () => {
  const suite = setUpTestServer({
    config: {
      documents: { ...testConfig().documents, fill: { timeMs: 15_000, heapMb: TINY_HEAP_MB } },
    },
  });
  let priya: IdentityClient;

  beforeAll(async () => {
    priya = await signIn(suite.server, EMAIL.pnair);
  });

  it('given a fill heap set below what any check needs, when an honest template is added, then it is refused as too large', async () => {
    const { body, contentType } = await multipartBody(
      { scope: ProcessType.customer, name: 'Honest letter' },
      { name: 'letter.docx', content: buildDocx([{ text: 'Dear {customerName}' }]) },
    );

    const response = await priya.request({
      method: 'POST',
      url: DocumentPath.adminTemplates,
      body,
      headers: { 'content-type': contentType },
    });

    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<ErrorBody>()).toMatchObject({
      code: ErrorCode.templateInvalid,
      details: [{ path: '/file', code: TemplateRefusal.tooLarge }],
    });
  });
});
