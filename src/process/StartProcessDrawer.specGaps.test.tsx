import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDefinition } from '../../schemas/api/processes';
import { ProcessPath } from '../../schemas/api/processesConstants';
import type { RootStore } from '../RootStore';
import { StoresContext } from '../stores/useStores';
import { createTestStores } from '../testing/createTestStores';
import { FakeServer } from '../testing/fakeServer';
import { StartProcessDrawer } from './StartProcessDrawer';

let stores: RootStore | undefined;
let server: FakeServer | undefined;

afterEach(() => {
  stores?.dispose();
  server?.restore();
});

const loanOrigination: AppDefinition = {
  processDefinitionId: 'd-loan-origination-1',
  processDefinitionName: 'Loan origination',
  processDefinitionKey: 'loanOrigination',
  appDefinitionKey: 'loanOrigination',
  category: '',
  description: null,
  version: 1,
};

describe('spec 000 section 8 (line 309): a failed load offers Try again, which reads again', () => {
  it('given the process list fails to load, when the drawer opens, then it says the processes could not be loaded, and Try again reads them and lists them', async () => {
    let answers = 0;
    server = new FakeServer();
    server.on('GET', ProcessPath.appDefinitions, () =>
      ++answers === 1
        ? {
            status: 500,
            body: { statusCode: 500, code: 'INTERNAL_ERROR', message: 'Internal error' },
          }
        : { status: 200, body: { size: 1, data: [loanOrigination] } },
    );
    stores = createTestStores('/').stores;
    stores.processes.startProcess.open();
    render(
      <StoresContext.Provider value={stores}>
        <MemoryRouter>
          <StartProcessDrawer />
        </MemoryRouter>
      </StoresContext.Provider>,
    );
    const drawer = within(await screen.findByTestId('start-process-drawer'));
    await drawer.findByText('The processes could not be loaded.');
    expect(drawer.queryByRole('button', { name: /Loan origination/ })).toBeNull();

    await userEvent.setup().click(drawer.getByRole('button', { name: 'Try again' }));

    await drawer.findByRole('button', { name: /Loan origination/ });
    expect(server.calls('GET', ProcessPath.appDefinitions)).toHaveLength(2);
    expect(drawer.queryByText('The processes could not be loaded.')).toBeNull();
  });
});
