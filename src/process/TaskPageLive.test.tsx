import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { FormPath } from '../../schemas/api/forms';
import { IdentityPath, Privilege } from '../../schemas/api/identity';
import { LiveTaskChange, type LiveTaskEvent } from '../../schemas/api/liveConstants';
import { TaskPath, type TaskDetail } from '../../schemas/api/tasks';
import { i18n } from '../i18n/i18n';
import { LIVE_COALESCE_MS } from '../live/LiveInboxStore';
import type { RootStore } from '../RootStore';
import { StoresContext } from '../stores/useStores';
import { anAccount, createTestStores } from '../testing/createTestStores';
import { FakeEventSources } from '../testing/fakeEventSource';
import { FakeServer } from '../testing/fakeServer';
import { TaskPage } from './TaskPage';

const USER = 'u-anna';
const TASK_ID = 't-1';

let stores: RootStore | undefined;
let server: FakeServer | undefined;

afterEach(async () => {
  stores?.dispose();
  server?.restore();
  await i18n.changeLanguage('en');
});

const definition = {
  id: 'DSG-live',
  name: 'Bureau check',
  fields: [
    { id: 'notes', type: 'input', label: 'Analyst notes' },
    {
      id: 'outcomes',
      type: 'outcomes',
      label: 'Outcomes',
      config: { outcomes: [{ key: 'approve', label: 'Approve', type: 'SECTION_SUBMIT' }] },
    },
  ],
};

/** The reader's own task, open for editing. */
function myTask(): TaskDetail {
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
    formKey: 'DSG-live',
    created: '2026-06-01T09:00:00.000Z',
    dueDate: null,
    endDate: null,
    priority: 50,
    taskStatus: 'OPEN',
    outcome: null,
    assignee: { id: USER, fullName: 'Anna Lopez' },
    assigneeName: 'Anna Lopez',
    candidates: [],
    memberOfCandidateGroup: true,
    memberOfCandidateUsers: false,
    initiatorCanCompleteTask: false,
    isNew: false,
    taskVariables: {},
    permissions: { canComplete: true, canClaim: false, canBeReassigned: true },
    refusals: { claim: null, complete: null },
  } as unknown as TaskDetail;
}

function anEvent(overrides: Partial<LiveTaskEvent>): string {
  return JSON.stringify({
    change: LiveTaskChange.assigneeChanged,
    taskId: TASK_ID,
    assignee: 'u-bruno',
    previousAssignee: USER,
    actor: 'u-sup',
    at: '2026-11-29T10:00:00.000Z',
    ...overrides,
  });
}

/** Opens the reader's task with the stream open, and types into its form. */
async function openAndType(typed: string) {
  server = new FakeServer();
  server.on('GET', IdentityPath.authorizationStatus, {
    status: 200,
    body: { status: 'AUTHORIZED' },
  });
  server.on('GET', IdentityPath.account, {
    status: 200,
    body: anAccount({ id: USER, privileges: [Privilege.accessTask] }),
  });
  server.on('GET', TaskPath.detail(TASK_ID), { status: 200, body: myTask() });
  server.on('GET', FormPath.taskForm(TASK_ID), {
    status: 200,
    body: {
      taskId: TASK_ID,
      formKey: 'DSG-live',
      formId: 'DSG-live',
      kind: 'designer',
      version: 1,
      name: 'Bureau check',
      readOnly: false,
      definition,
      values: {},
    },
  });
  const sources = new FakeEventSources();
  const path = `/process/task/${TASK_ID}`;
  stores = createTestStores(path, sources.open).stores;
  await stores.session.start();
  sources.latest.open();
  render(
    <StoresContext.Provider value={stores}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/process/task/:taskId" element={<TaskPage />} />
        </Routes>
      </MemoryRouter>
    </StoresContext.Provider>,
  );
  const page = within(await screen.findByTestId('task-page'));
  await page.findByTestId('task-form');
  const notes = page.getByLabelText(/Analyst notes/) as HTMLInputElement;
  fireEvent.change(notes, { target: { value: typed } });
  expect(page.getByRole('button', { name: 'Approve' })).toBeTruthy();
  return { page, notes, stream: sources.latest, app: stores };
}

describe('an open task page and the live inbox', () => {
  it('given the reader typing in their task, when a supervisor gives it to a colleague, then the page says so, turns read-only and keeps the text', async () => {
    const { page, notes, stream, app } = await openAndType('Income checked against payslips');
    server?.on('GET', TaskPath.detail(TASK_ID), {
      status: 200,
      body: { ...myTask(), assignee: { id: 'u-bruno', fullName: 'Bruno Diaz' } },
    });

    stream.send('task', anEvent({}), '7');

    const note = await page.findByTestId(
      'task-live-note',
      {},
      { timeout: LIVE_COALESCE_MS + 1000 },
    );
    expect(note.getAttribute('role')).toBe('status');
    expect(note.textContent).toContain('taken by or given to someone else');
    expect(note.textContent).toContain('What you typed is still on screen');
    expect(app.announcer.current?.key).toBe('process.task.live.takenByOther');
    // Read-only: no way to send or move it, and the text typed is still there.
    await waitFor(() => expect(page.queryByRole('button', { name: 'Approve' })).toBeNull());
    expect(page.queryByTestId('task-change-assignee')).toBeNull();
    const field = page.getByLabelText(/Analyst notes/) as HTMLInputElement;
    expect(field.disabled || field.readOnly).toBe(true);
    expect(field.value).toBe('Income checked against payslips');
    expect(field).toBe(notes);
    // The header names who holds it now.
    await waitFor(() => expect(page.getByTestId('task-assignee').textContent).toBe('Bruno Diaz'));
  });

  it('given a reader of French, when their task is closed elsewhere, then the notice is in French and the text stays', async () => {
    await i18n.changeLanguage('fr');
    const { page, stream } = await openAndType('Revenus vérifiés');

    stream.send(
      'task',
      anEvent({ change: LiveTaskChange.closed, assignee: null, previousAssignee: null }),
    );

    const note = await page.findByTestId(
      'task-live-note',
      {},
      { timeout: LIVE_COALESCE_MS + 1000 },
    );
    expect(note.getAttribute('data-notice')).toBe('closed');
    expect(note.textContent).toContain('terminée ou annulée');
    const field = page.getByLabelText(/Analyst notes/) as HTMLInputElement;
    expect(field.value).toBe('Revenus vérifiés');
    expect(field.disabled || field.readOnly).toBe(true);
  });

  it('given events about other tasks, a comment, or malformed data, then the page stays editable', async () => {
    const { page, stream } = await openAndType('Still mine');

    stream.send('task', anEvent({ taskId: 't-2' }));
    stream.send('task', anEvent({ change: LiveTaskChange.commented }));
    stream.send('task', '{"change":"closed","taskId":"t-1"');
    await new Promise((resolve) => setTimeout(resolve, LIVE_COALESCE_MS + 100));

    expect(page.queryByTestId('task-live-note')).toBeNull();
    expect(page.getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect((page.getByLabelText(/Analyst notes/) as HTMLInputElement).disabled).toBe(false);
  });

  it('given a resync, when the server says the task is someone else’s now, then the page turns read-only too', async () => {
    const { page, stream } = await openAndType('Typed before the gap');
    server?.on('GET', TaskPath.detail(TASK_ID), {
      status: 200,
      body: { ...myTask(), assignee: { id: 'u-bruno', fullName: 'Bruno Diaz' } },
    });

    stream.send('resync', '{}');

    const note = await page.findByTestId(
      'task-live-note',
      {},
      { timeout: LIVE_COALESCE_MS + 1000 },
    );
    expect(note.getAttribute('data-notice')).toBe('takenByOther');
    const field = page.getByLabelText(/Analyst notes/) as HTMLInputElement;
    expect(field.value).toBe('Typed before the gap');
    expect(field.disabled || field.readOnly).toBe(true);
  });
});
