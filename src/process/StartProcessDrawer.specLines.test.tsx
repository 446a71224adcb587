import {
  type BoundFunctions,
  type queries,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDefinition } from '../../schemas/api/processes';
import { ProcessPath } from '../../schemas/api/processesConstants';
import { ToastOutlet } from '../components/ToastOutlet';
import type { RootStore } from '../RootStore';
import { StoresContext } from '../stores/useStores';
import { createTestStores, type RecordingNavigator } from '../testing/createTestStores';
import { FakeServer } from '../testing/fakeServer';
import { StartProcessDrawer } from './StartProcessDrawer';

let stores: RootStore | undefined;
let server: FakeServer | undefined;

afterEach(() => {
  stores?.dispose();
  server?.restore();
});

/** A startable process; names the translations do not rename. */
function aDefinition(key: string, name: string, category: string): AppDefinition {
  return {
    processDefinitionId: `${key}:1`,
    processDefinitionName: name,
    processDefinitionKey: key,
    appDefinitionKey: key,
    category,
    description: null,
    version: 1,
  };
}

const carLoan = aDefinition('carLoan', 'Car loan intake', 'loans');
const uncategorisedAudit = aDefinition('fileAudit', 'File audit', '');
const homeLoan = aDefinition('homeLoan', 'Home loan intake', 'loans');

/** Opens the drawer on the listed definitions, with the toasts shown. */
async function openDrawer(definitions: AppDefinition[]): Promise<{
  drawer: BoundFunctions<typeof queries>;
  navigator: RecordingNavigator;
}> {
  server = new FakeServer();
  server.on('GET', ProcessPath.appDefinitions, {
    status: 200,
    body: { size: definitions.length, data: definitions },
  });
  const created = createTestStores('/');
  stores = created.stores;
  stores.processes.startProcess.open();
  render(
    <StoresContext.Provider value={stores}>
      <MemoryRouter>
        <StartProcessDrawer />
        <ToastOutlet />
      </MemoryRouter>
    </StoresContext.Provider>,
  );
  return {
    drawer: within(await screen.findByTestId('start-process-drawer')),
    navigator: created.navigator,
  };
}

describe('spec 000 section 2 (line 95): the start drawer groups processes by category, "Other processes" for those without', () => {
  it('given two loan processes and one without a category, when the drawer lists them, then they sit under "Loans" and "Other processes" respectively', async () => {
    const { drawer } = await openDrawer([carLoan, uncategorisedAudit, homeLoan]);
    await drawer.findByRole('button', { name: /Car loan intake/ });
    const groups = drawer
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.closest('section'));
    const listed = groups.map((group) => ({
      category: group?.querySelector('h3')?.textContent,
      processes: [...(group?.querySelectorAll('.tessera-process-choice__name') ?? [])].map(
        (name) => name.textContent,
      ),
    }));
    expect(listed).toContainEqual({
      category: 'Loans',
      processes: expect.arrayContaining(['Car loan intake', 'Home loan intake']) as unknown,
    });
    expect(listed).toContainEqual({ category: 'Other processes', processes: ['File audit'] });
    expect(listed).toHaveLength(2);
  });
});

describe('spec 000 section 4 (line 179): a failed process creation shows the try-again error', () => {
  it('given a chosen and confirmed process, when the server fails to create the instance, then the try-again error shows and the app stays where it was', async () => {
    const { drawer, navigator } = await openDrawer([carLoan]);
    server?.on('POST', ProcessPath.processInstances, {
      status: 500,
      body: { statusCode: 500, code: 'INTERNAL', message: 'Internal Server Error' },
    });
    const user = userEvent.setup();
    await user.click(await drawer.findByRole('button', { name: /Car loan intake/ }));
    await user.click(await screen.findByRole('button', { name: 'Start' }));

    await screen.findByText('The process could not be started. Please try again.');
    expect(server?.calls('POST', ProcessPath.processInstances)).toHaveLength(1);
    expect(navigator.visits).toEqual([]);
  });
});

describe('spec 000 section 8 (line 299): dashboard.noProcessConfigured', () => {
  it('given no process the user may start, when the drawer has loaded, then it says dashboard.noProcessConfigured', async () => {
    const { drawer } = await openDrawer([]);
    await drawer.findByText('No process is available for you to start.');
    await waitFor(() => expect(drawer.queryAllByRole('heading', { level: 3 })).toHaveLength(0));
  });
});
