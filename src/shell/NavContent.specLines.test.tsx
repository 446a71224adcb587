import { fireEvent, render, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { IdentityPath } from '../../schemas/api/identity';
import { RecordsPath } from '../../schemas/api/recordsConstants';
import { i18n } from '../i18n/i18n';
import type { RootStore } from '../RootStore';
import { StoresContext } from '../stores/useStores';
import { anAccount, createTestStores } from '../testing/createTestStores';
import { FakeServer } from '../testing/fakeServer';
import { NavContent } from './NavContent';

let stores: RootStore | undefined;
let server: FakeServer | undefined;

afterEach(async () => {
  stores?.dispose();
  server?.restore();
  await i18n.changeLanguage('en');
});

describe('spec 000 section 2 (line 49): the language selector at the bottom of the drawer', () => {
  it('given the open drawer of a back-office user, when it shows, then its last part is a language selector offering en, es and fr, and choosing one sets the user’s language', async () => {
    server = new FakeServer();
    server.on('GET', IdentityPath.authorizationStatus, {
      status: 200,
      body: { status: 'AUTHORIZED' },
    });
    server.on('GET', IdentityPath.account, {
      status: 200,
      body: anAccount({ privileges: ['access-task', 'access-bo'] }),
    });
    server.on('GET', RecordsPath.definitions, { status: 200, body: { result: [] } });
    stores = createTestStores('/').stores;
    await stores.session.start();
    const { container } = render(
      <StoresContext.Provider value={stores}>
        <MemoryRouter>
          <NavContent collapsed={false} />
        </MemoryRouter>
      </StoresContext.Provider>,
    );

    // Below the entries and the Reports group: the drawer's foot is its last part.
    const drawer = container.querySelector('.tessera-nav');
    const foot = drawer?.lastElementChild as HTMLElement;
    expect(foot.className).toBe('tessera-nav__foot');
    expect(drawer?.querySelector('.tessera-nav__items')?.nextElementSibling).toBe(foot);
    const select = within(foot).getByRole<HTMLSelectElement>('combobox', { name: 'Language' });
    expect([...select.options].map((option) => option.value)).toEqual(['en', 'es', 'fr']);

    fireEvent.change(select, { target: { value: 'es' } });
    await waitFor(() => expect(stores?.preferences.language).toBe('es'));
  });
});
