import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDefinition } from '../../schemas/api/processes';
import { ProcessPath } from '../../schemas/api/processesConstants';
import { i18n } from '../i18n/i18n';
import type { RootStore } from '../RootStore';
import { StoresContext } from '../stores/useStores';
import { createTestStores } from '../testing/createTestStores';
import { FakeServer } from '../testing/fakeServer';
import { StartProcessDrawer } from './StartProcessDrawer';

let stores: RootStore | undefined;
let server: FakeServer | undefined;

afterEach(async () => {
  stores?.dispose();
  server?.restore();
  await i18n.changeLanguage('en');
});

/** The demo's loan origination as the server lists it: deployed with its English texts. */
const loanOrigination: AppDefinition = {
  processDefinitionId: 'd-loan-origination-1',
  processDefinitionName: 'Loan origination',
  processDefinitionKey: 'loanOrigination',
  appDefinitionKey: 'loanOrigination',
  category: '',
  description: "From a customer's loan application to disbursement.",
  version: 1,
};

async function openDrawerIn(language: string) {
  await i18n.changeLanguage(language);
  server = new FakeServer();
  server.on('GET', ProcessPath.appDefinitions, {
    status: 200,
    body: { size: 1, data: [loanOrigination] },
  });
  stores = createTestStores('/').stores;
  stores.processes.startProcess.open();
  render(
    <StoresContext.Provider value={stores}>
      <MemoryRouter>
        <StartProcessDrawer />
      </MemoryRouter>
    </StoresContext.Provider>,
  );
  return within(await screen.findByTestId('start-process-drawer'));
}

describe('StartProcessDrawer', () => {
  it('given a French reader, when the drawer lists a process deployed in English, then its name and description read French', async () => {
    const drawer = await openDrawerIn('fr');
    const choice = await drawer.findByRole('button', { name: /Octroi de prêt/ });
    expect(choice.textContent).toContain('De la demande de prêt du client au décaissement.');
    expect(choice.textContent).not.toContain('Loan origination');
  });

  it('given a Spanish reader, when the drawer lists the process, then its description reads Spanish', async () => {
    const drawer = await openDrawerIn('es');
    const choice = await drawer.findByRole('button', { name: /solicitud de préstamo/ });
    expect(choice.textContent).toContain('De la solicitud de préstamo del cliente al desembolso.');
  });

  it('given a version retired after the list was read, when it is started, then the reason is told and the list is read again', async () => {
    const drawer = await openDrawerIn('en');
    server?.on('POST', ProcessPath.processInstances, {
      status: 409,
      body: {
        statusCode: 409,
        code: 'PROCESS_RETIRED',
        message: 'This version of Loan origination is retired.',
      },
    });
    const user = userEvent.setup();
    await user.click(await drawer.findByRole('button', { name: /Loan origination/ }));
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await waitFor(() =>
      expect(stores?.toasts.toasts.map((toast) => toast.key)).toContain('errors.PROCESS_RETIRED'),
    );
    await waitFor(() => expect(server?.calls('GET', ProcessPath.appDefinitions)).toHaveLength(2));
  });
});
