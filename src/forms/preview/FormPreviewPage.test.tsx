import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import customerOnboarding from '../../../fixtures/forms/DSG-customer-onboarding.json';
import withWarnings from '../../../fixtures/forms/DSG-form-with-warnings.json';
import type { PreviewAnswer } from '../../../schemas/api/forms';
import { DirectoryPath } from '../../../schemas/api/directoryConstants';
import { IdentityPath } from '../../../schemas/api/identity';
import type { RootStore } from '../../RootStore';
import { StoresContext } from '../../stores/useStores';
import { anAccount, createTestStores } from '../../testing/createTestStores';
import { FakeServer } from '../../testing/fakeServer';
import { detectFormKind, listCombinedRefs } from '../../core/forms/compiler';
import { FormPreviewPage } from './FormPreviewPage';
import { COMPILE_DELAY_MS, type FormPreviewApi } from './FormPreviewStore';
import { parseDefinition } from './locateJsonError';
import { splitCombinedForm } from './splitCombinedForm';
import { compileForm } from '../../../plugins/compiler';

const STORED: Record<string, unknown> = { 'DSG-customer-onboarding': customerOnboarding };

/** The server's compile call, run in-process with the same compiler and a fixed store. */
function compileLikeServer(definition: unknown): Promise<PreviewAnswer> {
  const kind = detectFormKind(definition);
  const refs = kind === 'combined' ? listCombinedRefs(definition) : [];
  const result = compileForm(definition, { kind, resolveForm: (ref) => STORED[ref] });
  return Promise.resolve({
    kind,
    form: result.form,
    warnings: [...result.warnings],
    errors: [...result.errors],
    refs: refs.map((ref) => ({
      ref,
      resolved: ref in STORED,
      version: ref in STORED ? 1 : null,
    })),
  });
}

function fakeApi(): FormPreviewApi {
  return {
    list: vi.fn(() =>
      Promise.resolve([
        {
          id: 'DSG-customer-onboarding',
          kind: 'designer' as const,
          version: 1,
          name: 'Onboarding',
        },
      ]),
    ),
    definition: vi.fn((formId: string) =>
      Promise.resolve({
        id: formId,
        kind: 'designer' as const,
        version: 1,
        name: null,
        createdAt: '2026-01-01T00:00:00Z',
        definition: STORED[formId],
      }),
    ),
    compile: vi.fn(compileLikeServer),
  };
}

let stores: RootStore | undefined;
let server: FakeServer | undefined;

afterEach(() => {
  vi.useRealTimers();
  stores?.dispose();
  server?.restore();
});

async function renderAs(privileges: string[], api = fakeApi()) {
  server = new FakeServer();
  server.on('GET', IdentityPath.authorizationStatus, {
    status: 200,
    body: { status: 'AUTHORIZED' },
  });
  server.on('GET', IdentityPath.account, { status: 200, body: anAccount({ privileges }) });
  stores = createTestStores('/forms/preview').stores;
  await stores.session.start();
  render(
    <StoresContext.Provider value={stores}>
      <MemoryRouter>
        <FormPreviewPage api={api} />
      </MemoryRouter>
    </StoresContext.Provider>,
  );
  return api;
}

async function typeDefinition(text: string) {
  fireEvent.change(screen.getByLabelText('Definition'), { target: { value: text } });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(COMPILE_DELAY_MS + 10);
  });
}

describe('FormPreviewPage', () => {
  it('given staff without access-test, then it explains why and calls nothing', async () => {
    const api = await renderAs(['access-task']);
    expect(screen.getByText('The form preview is for form authors')).toBeTruthy();
    expect(screen.queryByLabelText('Definition')).toBeNull();
    expect(api.list).not.toHaveBeenCalled();
  });

  it('given an author pasting a designer form, then three frames and the translated warnings', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = await renderAs(['access-task', 'access-test']);
    await typeDefinition(JSON.stringify(withWarnings));
    // The frames render after the compile answer: waited for, however busy the machine is.
    await waitFor(() => {
      const frames = document.querySelectorAll('.tfp-frame');
      expect([...frames].map((frame) => frame.getAttribute('data-breakpoint'))).toEqual([
        'desktop',
        'tablet',
        'phone',
      ]);
    });
    expect(api.compile).toHaveBeenCalledTimes(1);
    expect(document.querySelectorAll('.tfp-frame .tf-bp-phone')).toHaveLength(1);
    const findings = await screen.findByRole('region', { name: 'Compilation findings' });
    expect(await within(findings).findByText(/These formulas depend on each other/)).toBeTruthy();
    expect(within(findings).getByText(/is used twice/)).toBeTruthy();
    // The registry's own finding: a type the compiler kept that no plugin renders.
    expect(
      (await within(findings).findAllByText(/shows as an unsupported field/)).length,
    ).toBeGreaterThan(0);
  });

  it('given text that is not JSON, then a located error, the text kept and no call', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = await renderAs(['access-task', 'access-test']);
    await typeDefinition('{\n  "id": "DSG-x",\n  oops\n}');
    expect((await screen.findByRole('alert')).textContent).toMatch(/line 3, column 3/);
    expect((screen.getByLabelText('Definition') as HTMLTextAreaElement).value).toContain('oops');
    expect(api.compile).not.toHaveBeenCalled();
  });

  it('given a clean definition made invalid JSON, then "compiles cleanly" is no longer said', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderAs(['access-task', 'access-test']);
    const clean = {
      id: 'plain-clean',
      name: 'Clean',
      fields: [{ id: 'note', name: 'Note', type: 'text' }],
    };
    await typeDefinition(JSON.stringify(clean, null, 2));
    expect(await screen.findByText(/compiles cleanly/)).toBeTruthy();

    await typeDefinition(JSON.stringify(clean, null, 2).replace('"Note"', '"Note'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/line \d+, column \d+/);
    expect(screen.queryByText(/compiles cleanly/)).toBeNull();
    expect(screen.getByTestId('findings-stale').textContent).toMatch(/not valid JSON/);
  });

  it('given a definition that fails its format, then the schema errors and no frames', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderAs(['access-task', 'access-test']);
    await typeDefinition(JSON.stringify({ id: 'DSG-x', fields: [] }));
    expect(await screen.findByText('The property “name” is missing.')).toBeTruthy();
    expect(document.querySelectorAll('.tfp-frame')).toHaveLength(0);
  });

  it('given a combined task with a missing reference, then its stored part renders and the missing one is named', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderAs(['access-task', 'access-test']);
    await typeDefinition(
      JSON.stringify({
        id: 'CUT-demo',
        name: 'Demo',
        forms: [{ ref: 'DSG-customer-onboarding' }, { ref: 'DSG-missing' }],
      }),
    );
    const phone = await waitFor(() => {
      const frame = document.querySelector<HTMLElement>('.tfp-frame--phone');
      if (!frame) throw new Error('The phone frame is not there yet.');
      return frame;
    });
    expect(await within(phone).findByText('Part 2 of 2')).toBeTruthy();
    expect(within(phone).getByText(/DSG-missing is not stored in this tenant/)).toBeTruthy();
    expect(phone.querySelectorAll('.tf-task-form')).toHaveLength(1);
    // Every unsupported box is named: the compiler knows the types the plugin folders
    // declare, and warns of any other type it meets.
    const unknownTypes = screen.queryAllByText(/Unknown field type/);
    const unrendered = document.querySelectorAll('.tfp-frame--phone .tf-unsupported').length;
    expect(unknownTypes.length > 0).toBe(unrendered > 0);
  });

  it('given a stored form picked, then its definition fills the editor, pretty-printed', async () => {
    const api = await renderAs(['access-task', 'access-test']);
    const picker = await screen.findByRole('option', { name: /DSG-customer-onboarding/ });
    await act(async () => {
      fireEvent.change(picker.closest('select') as HTMLSelectElement, {
        target: { value: 'DSG-customer-onboarding' },
      });
      await Promise.resolve();
    });
    await screen.findByText('Designer form');
    expect(api.definition).toHaveBeenCalledWith('DSG-customer-onboarding');
    const text = (screen.getByLabelText('Definition') as HTMLTextAreaElement).value;
    expect(text.startsWith('{\n  "id": "DSG-customer-onboarding"')).toBe(true);
  });
});

describe('parseDefinition', () => {
  it('answers the line and column where the JSON breaks, or the end when it stops short', () => {
    expect(parseDefinition('{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseDefinition('{\n  "a": ,\n}')).toEqual({
      ok: false,
      location: { line: 2, column: 8 },
    });
    expect(parseDefinition('{\n  "a": [')).toEqual({ ok: false, location: { line: 2, column: 9 } });
    expect(parseDefinition('{"a": 1} x')).toEqual({ ok: false, location: { line: 1, column: 10 } });
    expect(parseDefinition('{"a": "\\q"}')).toEqual({
      ok: false,
      location: { line: 1, column: 8 },
    });
  });
});

describe('FormPreviewPage pickers', () => {
  /** A plain form with a person and a functional group, as the loan fixtures have. */
  const pickers = JSON.stringify({
    id: 'pickers',
    key: 'pickers',
    name: 'Pickers',
    fields: [
      { fieldType: 'FormField', id: 'officer', name: 'Loan officer', type: 'people' },
      { fieldType: 'FormField', id: 'team', name: 'Review team', type: 'functional-group' },
    ],
  });

  it("given an author previewing pickers, then they search the task page's directory", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderAs(['access-task', 'access-test']);
    server?.on('POST', DirectoryPath.groups, {
      status: 200,
      body: {
        result: {
          content: [{ id: 'credit-committee', name: 'Credit committee', memberCount: 2 }],
          totalElements: 1,
          page: 0,
          size: 20,
        },
      },
    });
    await typeDefinition(pickers);
    const teams = await screen.findAllByRole('combobox', { name: /Review team/ });
    expect(teams).toHaveLength(3);
    expect(screen.queryAllByRole('note')).toEqual([]);

    fireEvent.focus(teams[0] as HTMLElement);
    fireEvent.change(teams[0] as HTMLElement, { target: { value: 'credit' } });
    expect(await screen.findByRole('option', { name: /Credit committee/ })).toBeTruthy();
    expect(server?.calls('POST', DirectoryPath.groups).at(-1)?.body).toMatchObject({
      filter: 'credit',
    });
  });
});

describe('splitCombinedForm', () => {
  it('gives a combined task one form per part with its own sections; other kinds stay whole', async () => {
    const answer = await compileLikeServer({
      id: 'CUT-demo',
      name: 'Demo',
      forms: [{ ref: 'DSG-customer-onboarding' }, { ref: 'DSG-missing' }],
    });
    if (!answer.form) throw new Error('The combined task did not compile.');
    const parts = splitCombinedForm(answer.form);
    expect(parts.map((entry) => entry.part?.resolved)).toEqual([true, false]);
    expect(parts[0]?.form.sections.length).toBeGreaterThan(0);
    const plain = (await compileLikeServer(customerOnboarding)).form;
    if (!plain) throw new Error('The designer form did not compile.');
    expect(splitCombinedForm(plain)).toEqual([{ part: null, form: plain }]);
  });
});
