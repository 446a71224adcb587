import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DocumentPath, TemplateRefusal, type DocumentTemplate } from '../../schemas/api/documents';
import { ToastStore } from '../stores/ToastStore';
import { StoresContext } from '../stores/useStores';
import { createTestStores } from '../testing/createTestStores';
import { FakeServer } from '../testing/fakeServer';
import { documentService } from '../api/documentService';
import { GenerateDocumentMenu } from './GenerateDocumentMenu';
import { GenerateDocumentStore } from './GenerateDocumentStore';

const INSTANCE = 'pi-42';
const RAW = DocumentPath.raw(INSTANCE);

const TEMPLATES: DocumentTemplate[] = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Loan application summary',
    scope: 'LOAN_APPLICATION',
    documentType: 'document',
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    name: 'Loan application sheet',
    scope: 'LOAN_APPLICATION',
    documentType: 'sheet',
  },
];

const GENERATED = {
  processInstanceId: INSTANCE,
  contentId: '33333333-3333-4333-8333-333333333333',
  requiredFileFormat: 'docx',
  fileName: '2026-11-24_Loan application summary.docx',
};

let server: FakeServer;
let saved: string[];

beforeEach(() => {
  server = new FakeServer();
  server.on('GET', DocumentPath.templates, { status: 200, body: { data: TEMPLATES } });
  server.on('GET', RAW, {
    status: 200,
    body: new Blob(['PK'], { type: 'application/octet-stream' }),
    headers: {
      'content-disposition': `attachment; filename="${GENERATED.fileName}"`,
    },
  });
  saved = [];
  // The browser's download: the file handed to an anchor is what the user gets.
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:document');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
});

afterEach(() => {
  server.restore();
  vi.restoreAllMocks();
});

function renderMenu() {
  const { stores } = createTestStores();
  render(
    <StoresContext.Provider value={stores}>
      <GenerateDocumentMenu scope="LOAN_APPLICATION" processInstanceId={INSTANCE} />
    </StoresContext.Provider>,
  );
  return { stores };
}

async function choose(name: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: /generate document/i }));
  await user.click(await screen.findByRole('menuitem', { name: new RegExp(name) }));
  return user;
}

describe('GenerateDocumentMenu', () => {
  it('given templates, when one is chosen, then the document is generated for the instance, downloaded, and success shows', async () => {
    server.on('POST', DocumentPath.generate, { status: 200, body: { data: GENERATED } });
    renderMenu();
    await choose('Loan application summary');

    const banner = await screen.findByTestId('document-banner');
    expect(banner.getAttribute('data-status')).toBe('success');
    expect(banner.textContent).toContain(`${GENERATED.fileName} was generated and downloaded.`);
    expect(saved).toEqual([GENERATED.fileName]);
    const [request] = server.calls('POST', DocumentPath.generate);
    expect(request?.body).toEqual({
      templateId: TEMPLATES[0]?.id,
      documentType: 'document',
      label: 'Loan application summary',
      processInstanceId: INSTANCE,
    });
    expect(server.calls('GET', RAW)[0]?.params).toEqual({
      contentId: GENERATED.contentId,
      requiredFileFormat: 'docx',
    });
    expect(server.calls('GET', DocumentPath.templates)[0]?.params).toEqual({
      scope: 'LOAN_APPLICATION',
    });
  });

  it('given a generation under way, then the status is loading with status code 0 until the answer, then 200', async () => {
    const store = new GenerateDocumentStore({
      api: documentService,
      toasts: new ToastStore(),
      save: (file) => saved.push(file.name),
    });
    const during: [string, number][] = [];
    server.on('POST', DocumentPath.generate, () => {
      during.push([store.status, store.statusCode]);
      return { status: 200, body: { data: GENERATED } };
    });
    expect([store.status, store.statusCode]).toEqual(['default', 200]);
    await store.generate(
      { id: TEMPLATES[0]?.id ?? '', documentType: 'document', name: 'Summary' },
      { processInstanceId: INSTANCE },
    );
    expect(during).toEqual([['loading', 0]]);
    expect([store.status, store.statusCode]).toEqual(['success', 200]);
    expect(saved).toEqual([GENERATED.fileName]);
    store.dismiss();
    expect(store.status).toBe('default');
  });

  it('given a full queue, then a dismissible busy banner shows, and dismissing it returns focus to the menu button', async () => {
    server.on('POST', DocumentPath.generate, {
      status: 429,
      body: { statusCode: 429, code: 'SERVER_TOO_BUSY', message: 'busy' },
      headers: { 'retry-after': '5' },
    });
    const { stores } = renderMenu();
    const user = await choose('Loan application summary');

    const banner = await screen.findByTestId('document-banner');
    expect(banner.getAttribute('data-status')).toBe('tooBusy');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.textContent).toContain('The server is busy');
    expect(saved).toEqual([]);
    // Busy is not a server error: no toast for it.
    expect(stores.toasts.toasts).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('document-banner')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /generate document/i }));
  });

  it('given a template gone, then not found shows with the warning title', async () => {
    server.on('POST', DocumentPath.generate, {
      status: 404,
      body: { statusCode: 404, code: 'NOT_FOUND', message: 'gone' },
    });
    renderMenu();
    await choose('Loan application summary');
    const banner = await screen.findByTestId('document-banner');
    expect(banner.getAttribute('data-status')).toBe('notFound');
    expect(banner.textContent).toContain('The document could not be generated');
    expect(banner.textContent).toContain('The document or its template could not be found.');
  });

  it('given a server failure on a report, then the banner names the status code and the server-error toast shows', async () => {
    server.on('POST', DocumentPath.generate, {
      status: 500,
      body: { statusCode: 500, code: 'INTERNAL_ERROR', message: 'boom' },
    });
    const { stores } = renderMenu();
    await choose('Loan application sheet');
    const banner = await screen.findByTestId('document-banner');
    expect(banner.getAttribute('data-status')).toBe('httpError');
    expect(banner.textContent).toContain('The server answered with status 500.');
    expect(stores.toasts.toasts.map((toast) => toast.key)).toEqual(['common.serverErrorTryAgain']);
  });

  it.each([
    [TemplateRefusal.tooSlow, 'This template takes too long to fill'],
    [TemplateRefusal.tooLarge, 'This file is too large to be a template.'],
  ])(
    'given the server refuses the template as %s, then the banner says why in words and no try-again toast shows',
    async (code, words) => {
      server.on('POST', DocumentPath.generate, {
        status: 422,
        body: {
          statusCode: 422,
          code: 'TEMPLATE_INVALID',
          message: 'refused',
          details: [{ path: '/file', code }],
        },
      });
      const { stores } = renderMenu();
      await choose('Loan application summary');

      const banner = await screen.findByTestId('document-banner');
      expect(banner.getAttribute('data-status')).toBe('httpError');
      expect(banner.textContent).toContain(words);
      expect(banner.textContent).not.toContain('status 422');
      expect(stores.toasts.toasts).toEqual([]);
    },
  );

  it('given the template list fails, then the menu says so and offers a retry that loads them', async () => {
    server.on('GET', DocumentPath.templates, {
      status: 500,
      body: { statusCode: 500, code: 'INTERNAL_ERROR', message: 'boom' },
    });
    const { stores } = renderMenu();
    const user = userEvent.setup();
    await waitFor(() =>
      expect(stores.toasts.toasts.map((toast) => toast.key)).toEqual([
        'common.serverErrorTryAgain',
      ]),
    );
    await user.click(screen.getByRole('button', { name: /generate document/i }));
    expect(await screen.findByText('The templates could not be loaded.')).toBeTruthy();
    server.on('GET', DocumentPath.templates, { status: 200, body: { data: TEMPLATES } });
    await user.click(screen.getByRole('menuitem', { name: /try again/i }));
    expect(await screen.findByRole('menuitem', { name: /Loan application summary/ })).toBeTruthy();
  });

  it('given no template for the scope, then the menu says there is none', async () => {
    server.on('GET', DocumentPath.templates, { status: 200, body: { data: [] } });
    renderMenu();
    const user = userEvent.setup();
    await waitFor(() => expect(server.calls('GET', DocumentPath.templates)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: /generate document/i }));
    expect(await screen.findByText('No document templates here yet')).toBeTruthy();
  });
});
