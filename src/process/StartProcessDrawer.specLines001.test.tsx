import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDefinition } from '../../schemas/api/processes';
import { ProcessPath } from '../../schemas/api/processesConstants';
import dashboardEn from '../../locales/en/dashboard.json';
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

/** A startable definition of `category` ('' for none), named by the case. */
function aDefinition(key: string, name: string, category: string): AppDefinition {
  return {
    processDefinitionId: `d-${key}-1`,
    processDefinitionName: name,
    processDefinitionKey: key,
    appDefinitionKey: key,
    category,
    description: '',
    version: 1,
  };
}

/** Opens the drawer on a server that lists `definitions`. */
async function openDrawer(definitions: AppDefinition[]) {
  server = new FakeServer();
  server.on('GET', ProcessPath.appDefinitions, {
    status: 200,
    body: { size: definitions.length, data: definitions },
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

/** Each group's heading and the process names under it, in order. */
function groupsOf(drawer: HTMLElement): [string, string[]][] {
  return [...drawer.querySelectorAll('.tessera-start-drawer__group')].map((group) => [
    group.querySelector('h3')?.textContent ?? '',
    [...group.querySelectorAll('.tessera-process-choice__name')].map(
      (name) => name.textContent ?? '',
    ),
  ]);
}

describe('spec 001 section 2 (line 42): the start drawer groups processes by category, “Other processes” for none', () => {
  it('given processes of two categories and two without one, when the drawer lists them, then each category is a group under its name and the uncategorised are under “Other processes”, last', async () => {
    const drawer = await openDrawer([
      aDefinition('petty', 'Petty cash claim', ''),
      aDefinition('kyc', 'Know your customer', 'onboarding'),
      aDefinition('car', 'Car loan', 'loans'),
      aDefinition('travel', 'Travel request', '  '),
      aDefinition('mortgage', 'Mortgage', 'loans'),
    ]);
    await drawer.findByText('Petty cash claim');

    const groups = groupsOf(document.body);
    expect(groups).toHaveLength(3);
    expect(
      groups
        .map(([heading]) => heading)
        .slice(0, 2)
        .sort(),
    ).toEqual(['Customer onboarding', 'Loans']);
    expect(groups[2]?.[0]).toBe('Other processes');
    const byHeading = new Map(groups);
    expect(byHeading.get('Loans')?.slice().sort()).toEqual(['Car loan', 'Mortgage']);
    expect(byHeading.get('Customer onboarding')).toEqual(['Know your customer']);
    expect(byHeading.get('Other processes')?.slice().sort()).toEqual([
      'Petty cash claim',
      'Travel request',
    ]);
  });
});

describe('spec 001 section 8 (line 156): dashboard.noProcessConfigured', () => {
  it('given no process the user may start, when the drawer opens, then it says dashboard.noProcessConfigured', async () => {
    const drawer = await openDrawer([]);
    await drawer.findByText(dashboardEn.noProcessConfigured);
    expect(groupsOf(document.body)).toEqual([]);
  });
});
