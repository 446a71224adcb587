import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ExternalTaskAdminPath,
  IntegrationClientPath,
} from '../../schemas/api/integrationConstants';
import { i18n } from '../i18n/i18n';
import type { RootStore } from '../RootStore';
import { StoresContext } from '../stores/useStores';
import { createTestStores } from '../testing/createTestStores';
import { FakeServer, type FakeRequest } from '../testing/fakeServer';
import type { ExternalTaskItem, IntegrationClient } from '../api/integrationsApi';
import { IntegrationsPage } from './IntegrationsPage';

let stores: RootStore | undefined;
let server: FakeServer | undefined;

afterEach(async () => {
  stores?.dispose();
  server?.restore();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const TOKEN = 'ic_0123456789abcdef0123.Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5';

function aClient(overrides: Partial<IntegrationClient>): IntegrationClient {
  return {
    id: 'ic_aaaaaaaaaaaaaaaaaaaa',
    name: 'Document scanner',
    scopes: ['messages'],
    createdBy: 'pnair',
    createdByName: 'Priya Nair',
    createdAt: '2026-11-20T09:30:00.000Z',
    revokedAt: null,
    lastUsedAt: null,
    ...overrides,
  };
}

function anIncident(overrides: Partial<ExternalTaskItem>): ExternalTaskItem {
  return {
    id: 'et-1',
    topicName: 'creditBureau',
    processInstanceId: 'pi-1',
    businessKey: 'LN-2026-0042',
    processDefinitionKey: 'bureauCheckCamunda',
    activityId: 'bureauCheck',
    workerId: null,
    lockExpirationTime: null,
    retries: 0,
    errorMessage: 'The bureau answered 503 Service Unavailable',
    createdAt: '2026-11-21T14:05:00.000Z',
    ...overrides,
  };
}

/**
 * The server as the page sees it at the network's edge: the clients and incidents it holds,
 * a create that answers a token once, a revoke, and a retry that takes an incident away.
 */
function fakeServer(initial: { clients: IntegrationClient[]; incidents: ExternalTaskItem[] }) {
  let clients = initial.clients;
  let incidents = initial.incidents;
  const fake = new FakeServer();
  fake.on('GET', IntegrationClientPath.clients, () => ({
    status: 200,
    body: { data: clients },
  }));
  fake.on('POST', IntegrationClientPath.clients, (request: FakeRequest) => {
    const body = request.body as { name: string; scopes: string[] };
    const client = aClient({
      id: 'ic_bbbbbbbbbbbbbbbbbbbb',
      name: body.name,
      scopes: body.scopes,
      createdAt: '2026-11-29T10:00:00.000Z',
    });
    clients = [client, ...clients];
    return { status: 200, body: { data: { client, token: TOKEN } } };
  });
  for (const client of initial.clients) {
    fake.on('POST', IntegrationClientPath.revoke(client.id), () => {
      const revoked = { ...client, revokedAt: '2026-11-29T11:00:00.000Z' };
      clients = clients.map((kept) => (kept.id === client.id ? revoked : kept));
      return { status: 200, body: { data: revoked } };
    });
  }
  fake.on('GET', ExternalTaskAdminPath.externalTasks, () => ({
    status: 200,
    body: { data: incidents },
  }));
  for (const incident of initial.incidents) {
    fake.on('POST', ExternalTaskAdminPath.retries(incident.id), (request: FakeRequest) => {
      const { retries } = request.body as { retries: number };
      incidents = incidents.filter((kept) => kept.id !== incident.id);
      return { status: 200, body: { data: { ...incident, retries } } };
    });
  }
  server = fake;
  return fake;
}

function renderPage() {
  stores = createTestStores('/admin/integrations').stores;
  render(
    <StoresContext.Provider value={stores}>
      <MemoryRouter>
        <IntegrationsPage />
      </MemoryRouter>
    </StoresContext.Provider>,
  );
  return stores;
}

/** The cells of a table's body rows, as their texts. */
function rowTexts(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent ?? ''));
}

describe('IntegrationsPage', () => {
  it('given clients and an incident, when the page opens, then each client shows its permissions in words, its maker, its dates and its state, and the incident its case, step, topic, error and since', async () => {
    fakeServer({
      clients: [
        aClient({ scopes: ['messages', 'external-tasks'] }),
        aClient({
          id: 'ic_cccccccccccccccccccc',
          name: 'Old bureau worker',
          scopes: ['external-tasks'],
          createdBy: 'gone',
          createdByName: null,
          revokedAt: '2026-11-25T10:00:00.000Z',
          lastUsedAt: '2026-11-24T10:00:00.000Z',
        }),
      ],
      incidents: [anIncident({})],
    });
    renderPage();
    const clients = await screen.findByRole('table', { name: 'Clients' });
    const [scanner, worker] = rowTexts(clients);
    expect(scanner).toEqual([
      'Document scanner',
      'Send messages to casesCarry out external tasks',
      'Priya Nair',
      expect.stringMatching(/^20 Nov 2026 \d\d:\d\d$/),
      'Never',
      'Active',
      'Revoke',
    ]);
    expect(worker).toEqual([
      'Old bureau worker',
      'Carry out external tasks',
      'gone',
      expect.stringMatching(/^20 Nov 2026 \d\d:\d\d$/),
      expect.stringMatching(/ago$/),
      'Revoked on 25 Nov 2026',
      '',
    ]);
    // Only a client still active can be revoked.
    expect(screen.getByRole('button', { name: 'Revoke Document scanner' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Revoke Old bureau worker' })).toBeNull();

    const incidents = await screen.findByRole('table', { name: 'Incidents' });
    expect(rowTexts(incidents)).toEqual([
      [
        'LN-2026-0042',
        'bureauCheck',
        'creditBureau',
        'The bureau answered 503 Service Unavailable',
        expect.stringMatching(/^21 Nov 2026 \d\d:\d\d$/),
        'Retry',
      ],
    ]);
    expect(within(incidents).getByRole('link', { name: 'LN-2026-0042' }).getAttribute('href')).toBe(
      '/process/instance/pi-1',
    );
    expect(screen.getByText('1 incident')).toBeTruthy();
  });

  it('given an empty form, when the administrator creates a client with the keyboard, then the problems are said on their fields, and once corrected the token is shown once with a warning, copied, and gone when the drawer is closed with the focus back on New client', async () => {
    const user = userEvent.setup();
    const fake = fakeServer({ clients: [], incidents: [] });
    const root = renderPage();
    await screen.findByText('No client has been made yet.');
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    const open = screen.getByRole('button', { name: 'New client' });
    open.focus();
    await user.keyboard('{Enter}');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(document.activeElement).toBe(name));

    // Nothing typed or ticked: both problems, and the focus on the first.
    await user.click(screen.getByRole('button', { name: 'Create client' }));
    expect(await screen.findByText('Enter a name for the client.')).toBeTruthy();
    expect(screen.getByText('Choose at least one permission.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
    expect(fake.calls('POST', IntegrationClientPath.clients)).toHaveLength(0);

    // Corrected by keyboard: a name, then Tab to the first permission and Space.
    await user.keyboard('Document scanner');
    expect(screen.queryByText('Enter a name for the client.')).toBeNull();
    await user.tab();
    expect(document.activeElement).toBe(
      screen.getByRole('checkbox', { name: 'Send messages to cases' }),
    );
    await user.keyboard(' ');
    expect(screen.queryByText('Choose at least one permission.')).toBeNull();
    await user.keyboard('{Enter}');

    // The token, once, in a read-only field with a warning.
    const shown = within(await screen.findByTestId('client-token'));
    const token = shown.getByRole('textbox', { name: 'Token' });
    expect((token as HTMLInputElement).value).toBe(TOKEN);
    expect(token.hasAttribute('readonly')).toBe(true);
    expect(shown.getByText('Copy the token now')).toBeTruthy();
    expect(shown.getByText(/It will not be shown again/)).toBeTruthy();
    expect(fake.calls('POST', IntegrationClientPath.clients)[0]?.body).toEqual({
      name: 'Document scanner',
      scopes: ['messages'],
    });
    await waitFor(() => expect(document.activeElement).toBe(token));
    await user.click(shown.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(TOKEN);
    expect(shown.getByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(root.announcer.current?.key).toBe('integrations.announce.copied');

    // Listed at once; closed, the focus is back on New client and the token is gone.
    const table = await screen.findByRole('table', { name: 'Clients' });
    expect(within(table).getByText('Document scanner')).toBeTruthy();
    await user.click(shown.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(document.activeElement).toBe(open));
    expect(document.body.textContent).not.toContain(TOKEN);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveProperty('value', '');
    expect(screen.queryByTestId('client-token')).toBeNull();
  });

  it("given a name the server refuses, when the client is created, then the server's 400 is said on the name field in the reader's language", async () => {
    await i18n.changeLanguage('fr');
    const user = userEvent.setup();
    const fake = fakeServer({ clients: [], incidents: [] });
    fake.on('POST', IntegrationClientPath.clients, {
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: 'body/name must match pattern',
        details: [{ path: 'body.name', code: 'pattern', params: {} }],
      },
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Nouveau client' }));
    const name = await screen.findByRole('textbox', { name: 'Nom' });
    await user.type(name, 'Scanner');
    await user.click(screen.getByRole('checkbox', { name: 'Effectuer des tâches externes' }));
    await user.click(screen.getByRole('button', { name: 'Créer le client' }));
    const problem = await screen.findByText(/Le serveur n’a pas accepté ce nom/);
    expect(problem.textContent).toContain('au plus 100 caractères');
    expect(name.getAttribute('aria-describedby')).toBe(problem.id);
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(screen.queryByTestId('client-token')).toBeNull();
  });

  it('given an active client, when it is revoked after the confirmation that names it, then its row says revoked with the date, it has no Revoke left and the focus is on its row', async () => {
    const user = userEvent.setup();
    const fake = fakeServer({ clients: [aClient({})], incidents: [] });
    renderPage();
    const revoke = await screen.findByRole('button', { name: 'Revoke Document scanner' });
    revoke.focus();
    await user.keyboard('{Enter}');
    const dialog = within(await screen.findByRole('dialog', { name: 'Revoke this client?' }));
    expect(dialog.getByText('Document scanner')).toBeTruthy();
    expect(dialog.getByText(/cannot be undone/)).toBeTruthy();
    // The dialog opens on Cancel; Revoke is next.
    await waitFor(() =>
      expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Cancel' })),
    );
    await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(
        fake.calls('POST', IntegrationClientPath.revoke('ic_aaaaaaaaaaaaaaaaaaaa')),
      ).toHaveLength(1),
    );
    const table = screen.getByRole('table', { name: 'Clients' });
    await within(table).findByText('Revoked on 29 Nov 2026');
    expect(screen.queryByRole('button', { name: 'Revoke Document scanner' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('data-client-id')).toBe(
        'ic_aaaaaaaaaaaaaaaaaaaa',
      ),
    );
  });

  it('given two incidents, when the first is retried, then it gets 3 attempts, leaves the list with a polite announcement and the focus moves to the next; the last one retried leaves the empty state in words', async () => {
    const user = userEvent.setup();
    const fake = fakeServer({
      clients: [],
      incidents: [
        anIncident({}),
        anIncident({
          id: 'et-2',
          processInstanceId: 'pi-2',
          businessKey: 'LN-2026-0043',
          errorMessage: null,
        }),
      ],
    });
    const root = renderPage();
    const first = await screen.findByRole('button', {
      name: 'Retry creditBureau for LN-2026-0042',
    });
    expect(screen.getByText('The worker gave no reason.')).toBeTruthy();
    first.focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(fake.calls('POST', ExternalTaskAdminPath.retries('et-1'))[0]?.body).toEqual({
        retries: 3,
      }),
    );
    const second = await screen.findByRole('button', {
      name: 'Retry creditBureau for LN-2026-0043',
    });
    await waitFor(() => expect(screen.queryByText('LN-2026-0042')).toBeNull());
    expect(root.announcer.current).toMatchObject({
      key: 'integrations.incidents.retried',
      values: { topic: 'creditBureau', case: 'LN-2026-0042', count: 3 },
    });
    expect(i18n.t('integrations.incidents.retried', { ...root.announcer.current?.values })).toBe(
      'The task of LN-2026-0042 is back with the creditBureau workers, with 3 attempts.',
    );
    await waitFor(() => expect(document.activeElement).toBe(second));

    await user.keyboard('{Enter}');
    expect(await screen.findByText('No external task has failed.')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Incidents' })),
    );
    expect(fake.calls('GET', ExternalTaskAdminPath.externalTasks)[0]?.params).toEqual({
      failedOnly: true,
    });
  });

  it('given a Spanish reader, when the page opens, then its headings, permissions and states read Spanish', async () => {
    await i18n.changeLanguage('es');
    fakeServer({ clients: [aClient({ scopes: ['external-tasks'] })], incidents: [] });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Clientes' });
    expect(within(table).getByText('Realizar tareas externas')).toBeTruthy();
    expect(within(table).getByText('Activo')).toBeTruthy();
    expect(within(table).getByText('Nunca')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nuevo cliente' })).toBeTruthy();
    expect(await screen.findByText('Ninguna tarea externa ha fallado.')).toBeTruthy();
  });
});
