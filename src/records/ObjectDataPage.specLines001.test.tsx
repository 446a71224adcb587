import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { DictionaryPath } from '../../schemas/api/dictionariesConstants';
import type { ObjectDefinition, RecordQueryBody } from '../../schemas/api/records';
import { RecordsPath } from '../../schemas/api/recordsConstants';
import { http } from '../api/httpClient';
import type { RootStore } from '../RootStore';
import { StoresContext } from '../stores/useStores';
import { createTestStores } from '../testing/createTestStores';
import { FakeServer } from '../testing/fakeServer';
import { ObjectDataPage } from './ObjectDataPage';

const DEFINITION = RecordsPath.definition('customers', 1);
const QUERY = RecordsPath.query('customers', 1);

/** Customers, with a nationality stored as a dictionary's codes. */
const customers: ObjectDefinition = {
  key: 'customers',
  version: 1,
  label: 'Customers',
  owner: 'back-office',
  colour: '#2d72d2',
  fields: [
    {
      key: 'fullName',
      label: 'Full name',
      type: 'string',
      visibleInMobile: true,
      visibleInOthers: true,
    },
    {
      key: 'nationality',
      label: 'Nationality',
      type: 'string',
      dictionary: 'countries',
      visibleInMobile: true,
      visibleInOthers: true,
    },
  ],
  externalAnalysisUrl: null,
  otherData: { formId: 'DSG-customer-onboarding' },
};

const ROW = {
  id: 'CUS-000042',
  created: '2026-03-04T10:20:30.000Z',
  updated: '2026-03-05T08:00:00.000Z',
  data: { fullName: 'Ana Ruiz', nationality: 'PT' },
};

let stores: RootStore | undefined;
let server: FakeServer | undefined;

afterEach(() => {
  stores?.dispose();
  server?.restore();
});

/** Calls held back until the test lets them through, by path. */
class Gates {
  private readonly held = new Map<string, { open: () => void; wait: Promise<void> }>();
  /** The paths asked for so far, held or not. */
  readonly asked: string[] = [];

  /** Holds every call to `path` until {@link release}. */
  hold(path: string): void {
    let open: () => void = () => undefined;
    const wait = new Promise<void>((resolve) => {
      open = resolve;
    });
    this.held.set(path, { open, wait });
  }

  /** Lets the calls to `path` through. */
  release(path: string): void {
    this.held.get(path)?.open();
    this.held.delete(path);
  }

  /** How long a call to `path` waits. */
  wait(path: string): Promise<void> {
    this.asked.push(path);
    return this.held.get(path)?.wait ?? Promise.resolve();
  }
}

/** A server for the customers list of `definition`, whose calls `gates` may hold. */
function serve(definition: ObjectDefinition, gates: Gates): void {
  server = new FakeServer();
  server.on('GET', DEFINITION, { status: 200, body: { result: definition } });
  server.on('POST', QUERY, (request) => {
    const body = request.body as RecordQueryBody;
    return {
      status: 200,
      body: {
        result: { content: [ROW], page: body.page, pageSize: body.pageSize, totalElements: 1 },
      },
    };
  });
  server.on('GET', DictionaryPath.list, {
    status: 200,
    body: {
      data: [
        {
          name: 'countries',
          label: { en: 'Countries', es: 'Países', fr: 'Pays' },
          entries: [
            {
              code: 'PT',
              label: { en: 'Portugal', es: 'Portugal', fr: 'Portugal' },
              order: 1,
              active: true,
            },
          ],
        },
      ],
    },
  });
  const wire = http.defaults.adapter as AxiosAdapter;
  http.defaults.adapter = async (config) => {
    await gates.wait(config.url ?? '');
    return wire(config);
  };
}

/** Renders the customers list at `/objectdata/customers/1`. */
function openList(): void {
  stores = createTestStores('/objectdata/customers/1').stores;
  render(
    <StoresContext.Provider value={stores}>
      <MemoryRouter initialEntries={['/objectdata/customers/1']}>
        <Routes>
          <Route path="/objectdata/:key/:version" element={<ObjectDataPage />} />
        </Routes>
      </MemoryRouter>
    </StoresContext.Provider>,
  );
}

/** The records' loading indicators on screen (the page's and the table's). */
const loadingIndicators = () => screen.queryAllByLabelText('Loading records');

describe('spec 001 section 2 (line 48): the records loading indicator and the Analyses tab', () => {
  it('given the object definition, the dictionaries and the records each arriving late, when the list opens, then a loading indicator shows until the last of them is there', async () => {
    const gates = new Gates();
    gates.hold(DEFINITION);
    gates.hold(DictionaryPath.list);
    gates.hold(QUERY);
    serve(customers, gates);
    openList();

    // The definition is awaited: only the indicator shows.
    await waitFor(() => expect(loadingIndicators().length).toBeGreaterThan(0));
    expect(screen.queryByRole('table')).toBeNull();

    // The definition arrives: the dictionaries are still awaited, so no table yet.
    gates.release(DEFINITION);
    await waitFor(() => expect(gates.asked).toContain(DictionaryPath.list));
    expect(loadingIndicators().length).toBeGreaterThan(0);
    expect(screen.queryByRole('table')).toBeNull();

    // The dictionaries arrive: the table shows, busy, with its indicator until the rows come.
    gates.release(DictionaryPath.list);
    const table = await screen.findByRole('table');
    expect(loadingIndicators().length).toBeGreaterThan(0);
    expect(table.closest('.tessera-records__table-wrap')?.getAttribute('aria-busy')).toBe('true');

    // The records arrive: the indicator goes and the row reads the code's label.
    gates.release(QUERY);
    await within(table).findByText('Portugal');
    await waitFor(() => expect(loadingIndicators()).toHaveLength(0));
    expect(table.closest('.tessera-records__table-wrap')?.getAttribute('aria-busy')).toBe('false');
  });

  it('given an object without externalAnalysisUrl, when its records show, then there is no Analyses tab, and with one there is', async () => {
    serve(customers, new Gates());
    openList();
    await screen.findByText('Ana Ruiz');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Records']);
    cleanup();
    stores?.dispose();
    server?.restore();

    serve({ ...customers, externalAnalysisUrl: 'https://analytics.example/loans' }, new Gates());
    openList();
    await screen.findByText('Ana Ruiz');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Records',
      'Analyses',
    ]);
  });
});

describe('spec 001 section 3 (line 56): every row has a hidden business-object id column and a created-time column', () => {
  it('given a record, when the list shows it, then its row holds its id and its created time in hidden cells under hidden headers', async () => {
    serve(customers, new Gates());
    openList();
    const table = await screen.findByRole('table');
    const row = (await within(table).findByText('Ana Ruiz')).closest('tr');
    if (!row) throw new Error('The record has no row.');

    const hiddenCells = [...row.querySelectorAll('td')].filter((cell) => cell.hidden);
    expect(hiddenCells.map((cell) => cell.textContent)).toEqual([ROW.id, ROW.created]);
    const hiddenHeaders = [...table.querySelectorAll('thead th')].filter(
      (header) => (header as HTMLElement).hidden,
    );
    expect(hiddenHeaders.map((header) => header.textContent)).toEqual(['Record ID', 'Created']);
    // Shown columns are the definition's fields only.
    const shown = [...row.querySelectorAll('td')].filter((cell) => !cell.hidden);
    expect(shown.map((cell) => cell.textContent)).toEqual(['Ana Ruiz', 'Portugal']);
  });
});
