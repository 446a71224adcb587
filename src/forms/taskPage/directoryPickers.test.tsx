import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import tenants from '../../../fixtures/identity/tenants.json';
import { DirectoryPath } from '../../../schemas/api/directoryConstants';
import { UserPath } from '../../../schemas/api/usersConstants';
import { i18n } from '../../i18n/i18n';
import { FakeServer } from '../../testing/fakeServer';
import { createFieldRegistry } from '../registry/createFieldRegistry';
import type { FormServices } from '../registry/formServices';
import { FormStore } from '../runtime/FormStore';
import { compiled } from '../runtime/runtimeTestKit';
import { TaskForm } from '../runtime/TaskForm';
import { createUsersSource } from './createUsersSource';

const registry = createFieldRegistry();

/** A Flowable form with a person and a functional group, as the loan fixtures have. */
const form = compiled({
  id: 'pickers',
  key: 'pickers',
  name: 'Pickers',
  fields: [
    { fieldType: 'FormField', id: 'officer', name: 'Loan officer', type: 'people' },
    { fieldType: 'FormField', id: 'team', name: 'Review team', type: 'functional-group' },
  ],
});

const AMARA = {
  id: 'aokafor',
  email: 'amara.okafor@tessera.example',
  firstName: 'Amara',
  lastName: 'Okafor',
  fullName: 'Amara Okafor',
};
const JAVIER = {
  id: 'jmorales',
  email: 'javier.morales@tessera.example',
  firstName: 'Javier',
  lastName: 'Morales',
  fullName: 'Javier Morales',
};

/** The demo's credit committee, and a group a tenant named itself. */
const GROUPS = [
  { id: 'credit-committee', name: 'Credit committee', memberCount: 2 },
  { id: 'north-desk', name: 'Comité nord', memberCount: 1 },
];

let server: FakeServer;
let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  server = new FakeServer();
  server.on('POST', UserPath.query, (request) => {
    const { filter = '' } = request.body as { filter?: string };
    const content = [AMARA, JAVIER].filter((user) =>
      user.fullName.toLowerCase().includes(filter.toLowerCase()),
    );
    return {
      status: 200,
      body: { result: { content, totalElements: content.length, page: 0, size: 20 } },
    };
  });
  server.on('POST', DirectoryPath.usersByIds, (request) => {
    const { ids } = request.body as { ids: string[] };
    const content = [AMARA, JAVIER].filter((user) => ids.includes(user.id));
    return {
      status: 200,
      body: { result: { content, totalElements: content.length, page: 0, size: content.length } },
    };
  });
  server.on('POST', DirectoryPath.groups, (request) => {
    const { filter = '' } = request.body as { filter?: string };
    const content = GROUPS.filter((group) =>
      group.name.toLowerCase().includes(filter.toLowerCase()),
    );
    return {
      status: 200,
      body: { result: { content, totalElements: content.length, page: 0, size: 20 } },
    };
  });
  server.on('POST', DirectoryPath.groupsByIds, (request) => {
    const { ids } = request.body as { ids: string[] };
    const content = GROUPS.filter((group) => ids.includes(group.id));
    return {
      status: 200,
      body: { result: { content, totalElements: content.length, page: 0, size: content.length } },
    };
  });
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  server.restore();
  warn.mockRestore();
});

function renderForm(
  services: FormServices | undefined,
  locale = 'en',
  store = new FormStore(form, { registry }),
) {
  render(
    <TaskForm
      form={form}
      store={store}
      locale={locale}
      registry={registry}
      onSubmit={vi.fn()}
      {...(services ? { services } : {})}
    />,
  );
  return store;
}

describe('people and functional-group pickers on the task page', () => {
  it('given the users source, when the officer searches by keyboard and presses Enter, then the person is stored by id and shown by name', async () => {
    const store = renderForm({ usersSource: createUsersSource() });
    const officer = await screen.findByRole('combobox', { name: 'Loan officer' });

    await userEvent.click(officer);
    await userEvent.keyboard('amara');
    // The open list showed everyone before the search: wait for the search's own answer, so
    // Enter picks from the filtered list whatever the machine's speed.
    await waitFor(() =>
      expect(server.calls('POST', UserPath.query).at(-1)?.body).toMatchObject({ filter: 'amara' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('option', { name: /Javier Morales/ })).toBeNull(),
    );
    const option = await screen.findByRole('option', { name: /Amara Okafor/ });
    expect(option.textContent).toContain('amara.okafor@tessera.example');
    await userEvent.keyboard('{ArrowDown}{ArrowUp}{Enter}');

    expect(store.valueOf('officer')).toBe('aokafor');
    expect((officer as HTMLInputElement).value).toBe('Amara Okafor');
    expect(server.calls('POST', UserPath.query).at(-1)?.body).toMatchObject({ filter: 'amara' });
  });

  it('given the open list of people, when the officer presses the arrow keys, then the search box names the option reached and Enter picks that one', async () => {
    const store = renderForm({ usersSource: createUsersSource() });
    const officer = await screen.findByRole('combobox', { name: 'Loan officer' });
    await userEvent.click(officer);
    await screen.findByRole('option', { name: /Javier Morales/ });
    expect(officer.getAttribute('aria-haspopup')).toBe('listbox');

    await userEvent.keyboard('{ArrowDown}');
    const javier = screen.getByRole('option', { name: /Javier Morales/ });
    expect(officer.getAttribute('aria-activedescendant')).toBe(javier.id);
    expect(javier.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowUp}');
    const amara = screen.getByRole('option', { name: /Amara Okafor/ });
    expect(officer.getAttribute('aria-activedescendant')).toBe(amara.id);

    expect(document.activeElement).toBe(officer);
    await userEvent.keyboard('{Enter}');
    expect(store.valueOf('officer')).toBe('aokafor');
  });

  it('given a saved person, when the form opens, then one lookup by id names them', async () => {
    const store = new FormStore(form, { registry, initialValues: { officer: 'jmorales' } });
    renderForm({ usersSource: createUsersSource() }, 'en', store);
    const officer = await screen.findByRole('combobox', { name: 'Loan officer' });
    await waitFor(() => expect((officer as HTMLInputElement).value).toBe('Javier Morales'));
    expect(server.calls('POST', DirectoryPath.usersByIds).map((call) => call.body)).toEqual([
      { ids: ['jmorales'] },
    ]);
    expect(server.calls('POST', UserPath.query)).toEqual([]);
  });

  it('given the users source in French, when the officer searches groups by keyboard, then the demo group shows translated with its members and is stored by id', async () => {
    const store = renderForm({ usersSource: createUsersSource() }, 'fr');
    const team = await screen.findByRole('combobox', { name: 'Review team' });

    await userEvent.click(team);
    await userEvent.keyboard('comm');
    // As above: the search's own answer, not the list shown before it.
    await waitFor(() =>
      expect(server.calls('POST', DirectoryPath.groups).at(-1)?.body).toMatchObject({
        filter: 'comm',
      }),
    );
    const option = await screen.findByRole('option', { name: /Comité de crédit/ });
    expect(option.textContent).toContain('2 membres');
    await userEvent.keyboard('{Enter}');

    expect(store.valueOf('team')).toBe('credit-committee');
    expect((team as HTMLInputElement).value).toBe('Comité de crédit');
    expect(server.calls('POST', DirectoryPath.groups).at(-1)?.body).toMatchObject({
      filter: 'comm',
    });
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('given saved groups in Spanish, when the form opens, then the demo group is named in Spanish and a group the tenant named keeps its name', async () => {
    const saved = new FormStore(form, { registry, initialValues: { team: 'credit-committee' } });
    renderForm({ usersSource: createUsersSource() }, 'es', saved);
    const team = await screen.findByRole('combobox', { name: 'Review team' });
    await waitFor(() => expect((team as HTMLInputElement).value).toBe('Comité de crédito'));

    const own = new FormStore(form, { registry, initialValues: { team: 'north-desk' } });
    renderForm({ usersSource: createUsersSource() }, 'es', own);
    const teams = await screen.findAllByRole('combobox', { name: 'Review team' });
    await waitFor(() => expect((teams[1] as HTMLInputElement).value).toBe('Comité nord'));
  });

  it('given a source of people only, then the group picker says, translated, that no group directory is available', async () => {
    const people = createUsersSource();
    renderForm({ usersSource: { ...people, kinds: ['user'] } }, 'fr');
    const note = await screen.findByText(/Aucun annuaire de groupes fonctionnels/);
    expect(note.getAttribute('role')).toBe('note');
    const team = screen.getByLabelText('Review team') as HTMLInputElement;
    expect(team.disabled).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Loan officer' })).toBeTruthy();
    await act(async () => {
      await userEvent.click(team);
    });
    expect(server.requests).toEqual([]);
  });

  it('has a translation of every demo group, whose English is the name the demo stores', () => {
    for (const tenant of tenants) {
      for (const group of tenant.groups) {
        const key = `fields.directory.groupNames.${group.id}`;
        expect(i18n.t(key, { lng: 'en' }), key).toBe(group.name);
        for (const language of ['es', 'fr']) {
          expect(i18n.exists(key, { lng: language }), `${key} in ${language}`).toBe(true);
        }
      }
    }
  });

  it('given no services at all, then both pickers show their note and the console names the fields, never a value', async () => {
    const store = new FormStore(form, {
      registry,
      initialValues: { officer: 'secret-person', team: 'secret-team' },
    });
    renderForm(undefined, 'es', store);
    const notes = await screen.findAllByRole('note');
    expect(notes.map((note) => note.getAttribute('data-service-unavailable')).sort()).toEqual([
      'groups',
      'people',
    ]);
    expect(within(notes[0] as HTMLElement).getByText(/No hay aquí un directorio/)).toBeTruthy();
    const logged = warn.mock.calls.map((call: unknown[]) => call.join(' ')).join('\n');
    expect(logged).toContain('field "officer" (people) needs the "people" service');
    expect(logged).not.toMatch(/secret/);
  });
});
