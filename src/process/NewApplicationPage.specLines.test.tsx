import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProcessDefinitionSummary } from '../../schemas/api/processes';
import { ProcessPath } from '../../schemas/api/processesConstants';
import type { RootStore } from '../RootStore';
import { signedInRoutes } from '../shell/signedInRoutes';
import { StoresContext } from '../stores/useStores';
import { createTestStores } from '../testing/createTestStores';
import { FakeServer } from '../testing/fakeServer';

let stores: RootStore | undefined;
let server: FakeServer | undefined;

afterEach(() => {
  stores?.dispose();
  server?.restore();
});

/** The newest version of an app key that the translations do not rename. */
const latestBranchLoan: ProcessDefinitionSummary = {
  id: 'branch-loan:3',
  key: 'branchLoan',
  name: 'Branch loan intake',
  description: null,
  category: 'loan',
  version: 3,
  deploymentId: 'dep-3',
  startFormDefined: false,
};

/** Opens `path` through the signed-in route table, as the shell does. */
function openSignedInPath(path: string) {
  server = new FakeServer();
  server.on('GET', ProcessPath.processDefinitions, {
    status: 200,
    body: { size: 1, data: [latestBranchLoan] },
  });
  stores = createTestStores(path).stores;
  render(
    <StoresContext.Provider value={stores}>
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback={null}>
          <Routes>
            {signedInRoutes.map(({ path: pattern, Screen }) => (
              <Route key={pattern} path={pattern} element={<Screen />} />
            ))}
          </Routes>
        </Suspense>
      </MemoryRouter>
    </StoresContext.Provider>,
  );
}

describe('spec 000 section 2 (lines 35 and 94): the new-application route and screen', () => {
  it('given /process/loan/{appDefinitionKey}/new, when it opens, then the latest definition of that app key is loaded and its name, a text input and "Start new loan" are shown', async () => {
    openSignedInPath('/process/loan/branchLoan/new');
    const heading = await screen.findByTestId('definition-name');
    expect(heading.textContent).toBe('Branch loan intake');
    const asked = server?.calls('GET', ProcessPath.processDefinitions) ?? [];
    expect(asked).toHaveLength(1);
    expect(asked[0]?.params).toEqual({ latest: true, appDefinitionKey: 'branchLoan' });
    expect(screen.getByRole('textbox', { name: 'Application name' })).toBeTruthy();
    expect(screen.getByTestId('start-application').textContent).toBe('Start new loan');
  });

  it('given /process/customer/{appDefinitionKey}/new, when it opens, then the button reads "Start new customer"', async () => {
    openSignedInPath('/process/customer/branchLoan/new');
    await screen.findByTestId('definition-name');
    expect(screen.getByTestId('start-application').textContent).toBe('Start new customer');
  });
});
