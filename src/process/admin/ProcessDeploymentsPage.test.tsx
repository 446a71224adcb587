import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BadRequestError } from '../../api/errors';
import { i18n } from '../../i18n/i18n';
import type { RootStore } from '../../RootStore';
import { StoresContext } from '../../stores/useStores';
import { createTestStores } from '../../testing/createTestStores';
import type {
  DeployedProcess,
  DeployedVersion,
  DeploymentBody,
  DeploymentCheckAnswer,
  ProcessDeploymentsApi,
} from '../../api/processDeploymentsApi';
import { ProcessDeploymentsPage } from './ProcessDeploymentsPage';

let stores: RootStore | undefined;

afterEach(async () => {
  stores?.dispose();
  await i18n.changeLanguage('en');
});

function aVersion(overrides: Partial<DeployedVersion>): DeployedVersion {
  return {
    id: 'def-1',
    key: 'expenseApproval',
    name: 'Expense approval',
    version: 1,
    deployedAt: '2026-11-20T09:30:00.000Z',
    deployedBy: null,
    runningInstances: 0,
    retired: false,
    retiredAt: null,
    ...overrides,
  };
}

function expenseProcess(versions: DeployedVersion[]): DeployedProcess {
  return {
    key: 'expenseApproval',
    name: 'Expense approval',
    category: 'finance',
    liveVersion: versions.find((version) => !version.retired)?.version ?? null,
    versions,
  };
}

const READY: DeploymentCheckAnswer = {
  processKey: 'expenseApproval',
  processName: 'Expense approval',
  nextVersion: 2,
  forms: [{ fileName: 'expense-claim.json', formId: 'expense-claim', kind: 'plain' }],
  deployable: true,
  problems: [
    {
      severity: 'warning',
      source: 'bpmn',
      fileName: 'expense-approval.bpmn',
      code: null,
      message: "userTask 'confirm': camunda:asyncBefore changes nothing here",
      params: {},
      elementId: 'confirm',
      elementType: 'bpmn:UserTask',
      attribute: 'camunda:asyncBefore',
      path: null,
    },
  ],
};

const REFUSED: DeploymentCheckAnswer = {
  processKey: null,
  processName: null,
  nextVersion: null,
  forms: [{ fileName: 'expense-claim.json', formId: null, kind: null }],
  deployable: false,
  problems: [
    {
      severity: 'error',
      source: 'form',
      fileName: 'expense-claim.json',
      code: 'schema.json',
      message: null,
      params: {},
      elementId: null,
      elementType: null,
      attribute: null,
      path: '',
    },
    {
      severity: 'error',
      source: 'bpmn',
      fileName: 'expense-approval.bpmn',
      code: null,
      message: "scriptTask 'script' is not supported",
      params: {},
      elementId: 'script',
      elementType: 'bpmn:ScriptTask',
      attribute: null,
      path: null,
    },
  ],
};

/** A fake of the calls: the list it holds, and the check and deploy answers given. */
function fakeApi(initial: DeployedProcess[]) {
  let processes = initial;
  const api = {
    list: vi.fn(async () => ({ data: processes })),
    check: vi.fn(async (body: DeploymentBody) =>
      body.bpmn.content.includes('scriptTask') || body.forms.some((f) => f.content === '{')
        ? REFUSED
        : READY,
    ),
    deploy: vi.fn(async () => {
      const added = aVersion({ id: 'def-2', version: 2, deployedBy: 'Priya Nair' });
      processes = [expenseProcess([added, ...(processes[0]?.versions ?? [])])];
      return { data: added, warnings: READY.problems };
    }),
    retire: vi.fn(async (definitionId: string) => {
      const process = processes[0];
      const version = process?.versions.find((candidate) => candidate.id === definitionId);
      if (!version) throw new Error('unknown');
      return {
        data: { ...version, retired: true, retiredAt: '2026-11-29T10:00:00.000Z' },
        liveVersions: (process?.versions.filter((kept) => !kept.retired).length ?? 1) - 1,
      };
    }),
  } satisfies ProcessDeploymentsApi;
  return api;
}

function renderPage(api: ProcessDeploymentsApi) {
  stores = createTestStores('/admin/processes').stores;
  render(
    <StoresContext.Provider value={stores}>
      <MemoryRouter>
        <ProcessDeploymentsPage api={api} />
      </MemoryRouter>
    </StoresContext.Provider>,
  );
  return stores;
}

const bpmnFile = (content: string) =>
  new File([content], 'expense-approval.bpmn', { type: 'application/xml' });
const formFile = (content: string) =>
  new File([content], 'expense-claim.json', { type: 'application/json' });

describe('ProcessDeploymentsPage', () => {
  it('given deployed versions, when the page opens, then each version shows its date, who deployed it, its running cases and its status', async () => {
    const api = fakeApi([
      expenseProcess([
        aVersion({ id: 'def-2', version: 2, deployedBy: 'Priya Nair', runningInstances: 1234 }),
        aVersion({ id: 'def-1', version: 1, retired: true, retiredAt: '2026-11-25T10:00:00Z' }),
      ]),
    ]);
    renderPage(api);
    const table = await screen.findByRole('table', { name: 'Versions of Expense approval' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Version 2Current20 Nov 2026 \d\d:\d\dPriya Nair1 234$/),
      expect.stringMatching(/^Version 1Retired20 Nov 2026 \d\d:\d\dInstalled with Tessera0$/),
    ]);
    expect(screen.getByText('New cases start version 2.')).toBeTruthy();
    // Only a version still in service can be retired.
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: /^Retire/ })).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByRole('button')).toBeNull();
  });

  it('given files with problems, when the administrator picks them with the keyboard, then every problem is listed and announced, Deploy stays off until they are fixed, and a deploy lists the new version with the focus back on Deploy a process', async () => {
    const user = userEvent.setup();
    const api = fakeApi([expenseProcess([aVersion({})])]);
    const root = renderPage(api);
    await screen.findByRole('table');

    // The Deploy action opens the drawer from the keyboard.
    const open = screen.getByRole('button', { name: 'Deploy a process' });
    open.focus();
    await user.keyboard('{Enter}');
    const drawer = within(await screen.findByTestId('deploy-process-form'));

    // Broken files: both problems, each with its file and place.
    await user.upload(drawer.getByLabelText('Process file (BPMN)'), bpmnFile('<scriptTask/>'));
    await user.upload(drawer.getByLabelText('Form files'), formFile('{'));
    await drawer.findByText('2 problems must be corrected before this can be deployed.');
    expect(drawer.getByText("scriptTask 'script' is not supported")).toBeTruthy();
    expect(drawer.getByText(/ScriptTask “script”/)).toBeTruthy();
    expect(
      drawer.getByText('expense-claim.json', { selector: '.tessera-deploy__problem-where span' }),
    ).toBeTruthy();
    expect(root.announcer.current).toMatchObject({
      key: 'process.deployments.announce.errors',
      values: { count: 2, warnings: 0 },
    });
    const deploy = drawer.getByTestId('deploy-submit');
    expect(deploy).toHaveProperty('disabled', true);

    // Fixed files: ready, one warning that does not stop it.
    await user.upload(drawer.getByLabelText('Process file (BPMN)'), bpmnFile('<userTask/>'));
    await user.upload(drawer.getByLabelText('Form files'), formFile('{"key":"expense-claim"}'));
    await drawer.findByText('Ready to deploy Expense approval (expenseApproval) as version 2.');
    expect(drawer.getByText('Warnings')).toBeTruthy();
    expect(drawer.getByText(/UserTask “confirm”, camunda:asyncBefore/)).toBeTruthy();
    await waitFor(() => expect(deploy).toHaveProperty('disabled', false));
    deploy.focus();
    await user.keyboard('{Enter}');

    // The new version is listed and the focus is back where the drawer was opened.
    const table = await screen.findByRole('table', { name: 'Versions of Expense approval' });
    await within(table).findByText('Version 2');
    expect(api.deploy).toHaveBeenCalledWith({
      bpmn: { fileName: 'expense-approval.bpmn', content: '<userTask/>' },
      forms: [{ fileName: 'expense-claim.json', content: '{"key":"expense-claim"}' }],
    });
    await waitFor(() => expect(document.activeElement).toBe(open));
  });

  it('given a checked process file, when a form file is picked and still being read, then the old verdict is withdrawn and Deploy stays off until the check with the form answers', async () => {
    const user = userEvent.setup();
    const api = fakeApi([expenseProcess([aVersion({})])]);
    renderPage(api);
    await user.click(await screen.findByRole('button', { name: 'Deploy a process' }));
    const drawer = within(await screen.findByTestId('deploy-process-form'));
    await user.upload(drawer.getByLabelText('Process file (BPMN)'), bpmnFile('<userTask/>'));
    const ready = 'Ready to deploy Expense approval (expenseApproval) as version 2.';
    await drawer.findByText(ready);
    const deploy = drawer.getByTestId('deploy-submit');
    await waitFor(() => expect(deploy).toHaveProperty('disabled', false));

    // A form file whose reading the test holds back, as a large file on a slow disk would.
    let finishReading: (text: string) => void = () => undefined;
    const slowForm = formFile('');
    slowForm.text = () =>
      new Promise<string>((resolve) => {
        finishReading = resolve;
      });
    await user.upload(drawer.getByLabelText('Form files'), slowForm);
    expect(drawer.queryByText(ready)).toBeNull();
    expect(deploy).toHaveProperty('disabled', true);

    finishReading('{"key":"expense-claim"}');
    await drawer.findByText(ready);
    await waitFor(() => expect(deploy).toHaveProperty('disabled', false));
    expect(api.check).toHaveBeenLastCalledWith({
      bpmn: { fileName: 'expense-approval.bpmn', content: '<userTask/>' },
      forms: [{ fileName: 'expense-claim.json', content: '{"key":"expense-claim"}' }],
    });
  });

  it('given the only live version, when it is retired after the confirmation, then the dialog warned that nobody could start it and the focus lands on its row', async () => {
    const user = userEvent.setup();
    const api = fakeApi([expenseProcess([aVersion({ runningInstances: 3 })])]);
    renderPage(api);
    const retire = await screen.findByRole('button', {
      name: 'Retire Expense approval, version 1',
    });
    retire.focus();
    await user.keyboard('{Enter}');
    const dialog = within(await screen.findByRole('dialog', { name: 'Retire this version?' }));
    expect(dialog.getByText(/once it is retired, nobody can start this process/)).toBeTruthy();
    // The dialog opens on Cancel; the retire button is next.
    await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.retire).toHaveBeenCalledWith('def-1'));
    await screen.findByText(/Every version is retired: nobody can start this process/);
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('data-version-id')).toBe('def-1'),
    );
  });

  it('given a Spanish reader, when the page opens, then its texts and numbers read Spanish', async () => {
    await i18n.changeLanguage('es');
    renderPage(fakeApi([expenseProcess([aVersion({ runningInstances: 12000 })])]));
    const table = await screen.findByRole('table', { name: 'Versiones de Expense approval' });
    expect(within(table).getByText('12 000')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Desplegar un proceso' })).toBeTruthy();
    expect(within(table).getByText('Instalado con Tessera')).toBeTruthy();
  });

  it('given a process file with a DOCTYPE, when it is checked, then the refusal is shown in the drawer in words and announced', async () => {
    const user = userEvent.setup();
    const api = fakeApi([expenseProcess([aVersion({})])]);
    api.check.mockRejectedValueOnce(
      new BadRequestError('VALIDATION_ERROR', 'A BPMN file may not declare a DOCTYPE.', [
        { path: 'body.bpmn.content', code: 'deployment.doctype' },
      ]),
    );
    const root = renderPage(api);
    await user.click(await screen.findByRole('button', { name: 'Deploy a process' }));
    const drawer = within(await screen.findByTestId('deploy-process-form'));
    await user.upload(drawer.getByLabelText('Process file (BPMN)'), bpmnFile('<!DOCTYPE x>'));
    const failure = await drawer.findByTestId('deploy-failure');
    expect(failure.textContent).toContain('The files could not be checked.');
    expect(failure.textContent).toContain('declares a DOCTYPE or entities');
    expect(root.announcer.current?.key).toBe('process.deployments.local.doctype');
    expect(drawer.getByTestId('deploy-submit')).toHaveProperty('disabled', true);
  });
});
