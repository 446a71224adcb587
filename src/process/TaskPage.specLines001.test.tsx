import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { FormPath } from '../../schemas/api/forms';
import { IdentityPath, Privilege } from '../../schemas/api/identity';
import { DocumentPath } from '../../schemas/api/documentsConstants';
import { ReportPath } from '../../schemas/api/reportsConstants';
import { TaskPath, type TaskDetail } from '../../schemas/api/tasks';
import { ReportDetailPage } from '../reports/ReportDetailPage';
import type { ReportDetail } from '../api/reportsApi';
import type { RootStore } from '../RootStore';
import { StoresContext } from '../stores/useStores';
import { anAccount, createTestStores } from '../testing/createTestStores';
import { FakeServer } from '../testing/fakeServer';
import { TaskPage } from './TaskPage';

const USER = 'u-anna';
const TASK_ID = 't-1';

let stores: RootStore | undefined;
let server: FakeServer | undefined;

afterEach(() => {
  stores?.dispose();
  server?.restore();
});

/** A task of the loan-origination process; override who holds it and what they may do. */
function aTask(overrides: Partial<TaskDetail>): TaskDetail {
  return {
    id: TASK_ID,
    taskId: TASK_ID,
    name: 'Check the bureau report',
    description: null,
    processInstanceId: 'pi-1',
    processInstanceName: 'Ana Ruiz',
    processDefinitionId: 'd-1',
    processDefinitionKey: 'loanOrigination',
    processDefinitionName: 'Loan origination',
    processDefinitionCategory: 'loans',
    processInstanceStartUserId: 'u-sup',
    formKey: 'DSG-header',
    created: '2026-06-01T09:00:00.000Z',
    dueDate: null,
    endDate: null,
    priority: 50,
    taskStatus: 'OPEN',
    outcome: null,
    assignee: null,
    assigneeName: null,
    candidates: [],
    memberOfCandidateGroup: true,
    memberOfCandidateUsers: false,
    initiatorCanCompleteTask: false,
    isNew: false,
    taskVariables: {},
    permissions: { canComplete: false, canClaim: true, canBeReassigned: false },
    refusals: { claim: null, complete: null },
    ...overrides,
  } as unknown as TaskDetail;
}

/** Where the app went: the path and query the router holds. */
function Location() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** A server that knows the reader (Anna) and answers `task` with its form. */
async function serve(task: TaskDetail | null, path: string): Promise<RootStore> {
  server = new FakeServer();
  server.on('GET', IdentityPath.authorizationStatus, {
    status: 200,
    body: { status: 'AUTHORIZED' },
  });
  server.on('GET', IdentityPath.account, {
    status: 200,
    body: anAccount({ id: USER, privileges: [Privilege.accessTask, Privilege.accessBo] }),
  });
  if (task) {
    server.on('GET', TaskPath.detail(TASK_ID), { status: 200, body: task });
    server.on('GET', FormPath.taskForm(TASK_ID), {
      status: 200,
      body: {
        taskId: TASK_ID,
        formKey: 'DSG-header',
        formId: 'DSG-header',
        kind: 'designer',
        version: 1,
        name: 'Bureau check',
        readOnly: true,
        definition: {
          id: 'DSG-header',
          name: 'Bureau check',
          fields: [{ id: 'notes', type: 'input', label: 'Analyst notes' }],
        },
        values: {},
      },
    });
  }
  stores = createTestStores(path).stores;
  await stores.session.start();
  return stores;
}

/** Renders the task page (and where its back button leads) at `/process/task/t-1`. */
async function openTask(task: TaskDetail) {
  const app = await serve(task, `/process/task/${TASK_ID}`);
  render(
    <StoresContext.Provider value={app}>
      <MemoryRouter initialEntries={[`/process/task/${TASK_ID}`]}>
        <Routes>
          <Route path="/process/task/:taskId" element={<TaskPage />} />
          <Route path="/" element={<Location />} />
        </Routes>
      </MemoryRouter>
    </StoresContext.Provider>,
  );
  return within(await screen.findByTestId('task-page'));
}

describe('spec 001 section 2 (line 24): the task header’s process-name toggle, “no assignee” and back labels', () => {
  it('given an open task, when the process toggle is pressed, then the process name shows, and pressed again it hides', async () => {
    const page = await openTask(aTask({}));
    expect(page.queryByTestId('task-process')).toBeNull();
    const show = page.getByRole('button', { name: 'Show the process' });
    expect(show.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(show);

    const process = await page.findByTestId('task-process');
    expect(process.textContent).toContain('Loan origination');
    const hide = page.getByRole('button', { name: 'Hide the process' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(hide);

    await waitFor(() => expect(page.queryByTestId('task-process')).toBeNull());
    page.getByRole('button', { name: 'Show the process' });
  });

  it('given a task nobody holds, when it shows, then the assignee reads “no assignee” and back reads “Cancel and back to dashboard” and leads to the dashboard', async () => {
    const page = await openTask(aTask({ assignee: null }));
    expect(page.getByTestId('task-assignee').textContent).toBe('no assignee');
    const back = page.getByTestId('task-back');
    expect(back.textContent).toBe('Cancel and back to dashboard');

    fireEvent.click(back);

    expect((await screen.findByTestId('location')).textContent).toBe('/');
  });

  it('given a colleague’s task, when it shows, then the assignee is named and back reads “Cancel and back to list” and leads to the team list', async () => {
    const page = await openTask(
      aTask({
        assignee: { id: 'u-bruno', fullName: 'Bruno Diaz' },
        assigneeName: 'Bruno Diaz',
        permissions: { canComplete: false, canClaim: false, canBeReassigned: false },
      } as Partial<TaskDetail>),
    );
    expect(page.getByTestId('task-assignee').textContent).toBe('Bruno Diaz');
    const back = page.getByTestId('task-back');
    expect(back.textContent).toBe('Cancel and back to list');

    fireEvent.click(back);

    expect((await screen.findByTestId('location')).textContent).toBe('/?tab=team');
  });

  it('given a completed-instance report, when it shows, then back reads “Back to list” and leads to the report list', async () => {
    const detail: ReportDetail = {
      instance: {
        id: 'a6f0c1de-0000-4000-8000-000000000001',
        name: 'Loan - Hana Sato',
        businessKey: 'LN-2026-000001',
        processDefinitionKey: 'loanOrigination',
        processDefinitionName: 'Loan origination',
        status: 'Completed',
        started: '2026-10-01T09:00:00.000Z',
        ended: '2026-10-03T15:30:00.000Z',
        startedBy: { id: 'lmartin', fullName: 'Lucas Martin' },
      },
      tasks: [],
    };
    const app = await serve(null, `/report/loan/${detail.instance.id}`);
    server?.on('GET', ReportPath.detail('loan', detail.instance.id), {
      status: 200,
      body: { result: detail },
    });
    server?.on('GET', DocumentPath.templates, { status: 200, body: { data: [] } });
    render(
      <StoresContext.Provider value={app}>
        <MemoryRouter initialEntries={[`/report/loan/${detail.instance.id}`]}>
          <Routes>
            <Route path="/report/:type/:detailId" element={<ReportDetailPage />} />
            <Route path="/report/:type" element={<Location />} />
          </Routes>
        </MemoryRouter>
      </StoresContext.Provider>,
    );
    const page = within(await screen.findByTestId('report-detail'));
    const back = page.getByTestId('report-back');
    expect(back.textContent).toBe('Back to list');

    fireEvent.click(back);

    expect((await screen.findByTestId('location')).textContent).toBe('/report/loan');
  });
});
