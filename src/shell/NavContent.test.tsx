import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { IdentityPath } from '../../schemas/api/identity';
import { RecordsPath } from '../../schemas/api/recordsConstants';
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
  server.on('GET', RecordsPath.definitions, {
    status: 200,
    body: {
      result: [
        {
          key: 'customers',
          version: 1,
          label: { en: 'Customers', es: 'Clientes', fr: 'Clients' },
          owner: 'back-office',
          colour: '#2d72d2',
          fields: [],
          externalAnalysisUrl: null,
          otherData: { formId: 'DSG-customer-onboarding' },
        },
      ],
    },
  });
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

  it('shows the Reports group with access-bo: each object with its dot, then the completed-instance reports', async () => {
    await renderSignedIn(['access-task', 'access-bo']);
    expect(screen.getByRole('button', { name: 'Reports' })).toBeTruthy();
    const customers = await screen.findByRole('link', { name: 'Customers' });
    expect(customers.getAttribute('href')).toBe('/objectdata/customers/1');
    const dot = customers.querySelector<HTMLElement>('.tessera-nav__dot');
    expect(dot?.style.backgroundColor).toBe('rgb(45, 114, 210)');
    expect(screen.queryAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/',
      '/objectdata/customers/1',
      '/report/loan',
      '/report/customer',
      '/report/loanApplication',
    ]);
  });
});
