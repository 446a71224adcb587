import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProcessDefinitionSummary } from '../../schemas/api/processes';
import { ProcessPath } from '../../schemas/api/processesConstants';
import type { RootStore } from '../RootStore';
import { StoresContext } from '../stores/useStores';
import { createTestStores } from '../testing/createTestStores';
import { FakeServer } from '../testing/fakeServer';
import { NewApplicationPage } from './NewApplicationPage';

let stores: RootStore | undefined;
let server: FakeServer | undefined;

afterEach(() => {
  stores?.dispose();
  server?.restore();
});

const latestLoan: ProcessDefinitionSummary = {
  id: 'd-loan-origination-2',
  key: 'loanOrigination',
  name: 'Loan origination',
  description: null,
  category: '',
  version: 2,
  deploymentId: 'dep-2',
  startFormDefined: false,
};

describe('spec 000 section 8 (line 309): a failed load offers Try again, which reads again', () => {
  it('given the latest definition fails to load, when the new-loan screen opens, then it says failed to load, and Try again reads it and shows the form', async () => {
    let answers = 0;
    server = new FakeServer();
    server.on('GET', ProcessPath.processDefinitions, () =>
      ++answers === 1 ? 'network-error' : { status: 200, body: { size: 1, data: [latestLoan] } },
    );
    stores = createTestStores('/').stores;
    render(
      <StoresContext.Provider value={stores}>
        <MemoryRouter initialEntries={['/process/loan/loanOrigination/new']}>
          <Routes>
            <Route path="/process/:type/:appDefinitionKey/new" element={<NewApplicationPage />} />
          </Routes>
        </MemoryRouter>
      </StoresContext.Provider>,
    );
    await screen.findByText('This could not be loaded.');
    expect(screen.queryByTestId('definition-name')).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));

    expect((await screen.findByTestId('definition-name')).textContent).toBe('Loan origination');
    expect(server.calls('GET', ProcessPath.processDefinitions)).toHaveLength(2);
    expect(screen.queryByText('This could not be loaded.')).toBeNull();
  });
});
