import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { IdentityPath } from '../../schemas/api/identity';
import type { RootStore } from '../RootStore';
import { StoresContext } from '../stores/useStores';
import { anAccount, createTestStores } from '../testing/createTestStores';
import { FakeServer } from '../testing/fakeServer';
import { NavContent } from './NavContent';

let stores: RootStore | undefined;
let server: FakeServer | undefined;

afterEach(() => {
  stores?.dispose();
  server?.restore();
});

async function renderSignedIn(privileges: string[]) {
  server = new FakeServer();
  server.on('GET', IdentityPath.authorizationStatus, {
    status: 200,
    body: { status: 'AUTHORIZED' },
  });
  server.on('GET', IdentityPath.account, { status: 200, body: anAccount({ privileges }) });
  stores = createTestStores('/').stores;
  await stores.session.start();
  render(
    <StoresContext.Provider value={stores}>
      <MemoryRouter>
        <NavContent collapsed={false} />
      </MemoryRouter>
    </StoresContext.Provider>,
  );
  return stores;
}

describe('NavContent', () => {
  it('shows Dashboard, and no Reports group without access-bo', async () => {
    await renderSignedIn(['access-task']);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reports' })).toBeNull();
  });

  it('shows the Reports group with access-bo, saying no report exists yet', async () => {
    await renderSignedIn(['access-task', 'access-bo']);
    expect(screen.getByRole('button', { name: 'Reports' })).toBeTruthy();
    expect(screen.getByText('No reports yet')).toBeTruthy();
    expect(screen.queryAllByRole('link').map((link) => link.textContent)).toEqual(['Dashboard']);
  });
});
