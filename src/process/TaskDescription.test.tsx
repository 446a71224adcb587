import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { TaskPath, type TaskDetail } from '../../schemas/api/tasks';
import { i18n } from '../i18n/i18n';
import type { RootStore } from '../RootStore';
import { StoresContext } from '../stores/useStores';
import { createTestStores } from '../testing/createTestStores';
import { FakeServer } from '../testing/fakeServer';
import { TaskDescription } from './TaskDescription';
import { TaskPage } from './TaskPage';

let stores: RootStore | undefined;
let server: FakeServer | undefined;

afterEach(async () => {
  stores?.dispose();
  server?.restore();
  await i18n.changeLanguage('en');
});

const INSTRUCTIONS = 'Call Ana Ruiz on +34 600 000 000.\n\n  Keep <b>notes</b> short.';

/** A task detail as the server sends it; override what the case is about. */
function aTaskDetail(overrides: Partial<TaskDetail> = {}): TaskDetail {
  return {
    id: 't-1',
    taskId: 't-1',
    name: 'Call the customer',
    description: null,
    processInstanceId: 'pi-1',
    processInstanceName: 'Ana Ruiz',
    processDefinitionId: 'd-1',
    processDefinitionKey: 'documentedCallBack',
    processDefinitionName: 'Documented call-back',
    processDefinitionCategory: 'loans',
    processInstanceStartUserId: 'u-anna',
    formKey: null,
    created: '2026-06-01T09:00:00.000Z',
    dueDate: null,
    endDate: null,
    priority: 50,
    taskStatus: 'OPEN',
    outcome: null,
    assignee: null,
    assigneeName: null,
    candidates: [],
    memberOfCandidateGroup: false,
    memberOfCandidateUsers: false,
    initiatorCanCompleteTask: false,
    isNew: false,
    taskVariables: {},
    permissions: { canComplete: false, canClaim: false, canBeReassigned: false },
    refusals: { claim: null, complete: null },
    ...overrides,
  } as TaskDetail;
}

async function openTaskPage(detail: TaskDetail) {
  server = new FakeServer();
  server.on('GET', TaskPath.detail(detail.id), { status: 200, body: detail });
  stores = createTestStores(`/process/task/${detail.id}`).stores;
  render(
    <StoresContext.Provider value={stores}>
      <MemoryRouter initialEntries={[`/process/task/${detail.id}`]}>
        <Routes>
          <Route path="/process/task/:taskId" element={<TaskPage />} />
        </Routes>
      </MemoryRouter>
    </StoresContext.Provider>,
  );
  return screen.findByTestId('task-page');
}

describe('TaskDescription', () => {
  it.each([
    ['English', 'en', 'Instructions'],
    ['Spanish', 'es', 'Instrucciones'],
    ['French', 'fr', 'Consignes'],
  ])(
    'given a reader of %s, when instructions show, then their heading is in that language',
    async (_name, language, heading) => {
      await i18n.changeLanguage(language);
      render(<TaskDescription text={INSTRUCTIONS} />);
      expect(screen.getByRole('region', { name: heading })).toBeTruthy();
    },
  );

  it('given instructions with line breaks and markup, when shown, then they read as the text written, lines kept and no markup made', () => {
    render(<TaskDescription text={INSTRUCTIONS} />);
    const section = screen.getByTestId('task-description');
    const text = section.querySelector('p');
    expect(text?.textContent).toBe(INSTRUCTIONS);
    expect(section.querySelector('b')).toBeNull();
  });
});

describe('the task page’s instructions', () => {
  it('given a task with a description, when its page opens, then the instructions show above the form', async () => {
    const page = within(await openTaskPage(aTaskDetail({ description: INSTRUCTIONS })));
    const section = await page.findByTestId('task-description');
    expect(section.textContent).toContain('Keep <b>notes</b> short.');
    const form = page.getByTestId('task-form-slot');
    expect(section.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('given a task without a description, when its page opens, then no instructions show', async () => {
    const page = within(await openTaskPage(aTaskDetail()));
    await page.findByTestId('task-title');
    expect(page.queryByTestId('task-description')).toBeNull();
  });
});
