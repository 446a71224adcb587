import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { FormPath } from '../../../schemas/api/forms';
import { IdentityPath, Privilege } from '../../../schemas/api/identity';
import type { TaskDetail } from '../../../schemas/api/tasks';
import type { RootStore } from '../../RootStore';
import { StoresContext } from '../../stores/useStores';
import { anAccount, createTestStores } from '../../testing/createTestStores';
import { FakeServer } from '../../testing/fakeServer';
import { TaskPageForm } from './TaskPageForm';

let stores: RootStore | undefined;
let server: FakeServer | undefined;

afterEach(() => {
  stores?.dispose();
  server?.restore();
});

const TASK_ID = 'task-1';

const definition = {
  id: 'DSG-autofill',
  name: 'Autofill test',
  fields: [
    { id: 'fullName', type: 'input', label: 'Full name', validation: { required: true } },
    { id: 'city', type: 'input', label: 'City' },
    {
      id: 'outcomes',
      type: 'outcomes',
      label: 'Outcomes',
      config: { outcomes: [{ key: 'send', label: 'Send', type: 'SECTION_SUBMIT' }] },
    },
  ],
};

/** Only what the form reads of the task: its form key. */
const task = { formKey: 'DSG-autofill' } as TaskDetail;

async function renderTaskPage(privileges: string[], tenantAutofill: boolean) {
  server = new FakeServer();
  server.on('GET', IdentityPath.authorizationStatus, {
    status: 200,
    body: { status: 'AUTHORIZED' },
  });
  server.on('GET', IdentityPath.account, { status: 200, body: anAccount({ privileges }) });
  server.on('GET', IdentityPath.systemSettings, {
    status: 200,
    body: { tenant: 'internal', maintenance: false, autofill: tenantAutofill },
  });
  server.on('GET', FormPath.taskForm(TASK_ID), {
    status: 200,
    body: {
      taskId: TASK_ID,
      formKey: 'DSG-autofill',
      formId: 'DSG-autofill',
      kind: 'designer',
      version: 1,
      name: 'Autofill test',
      readOnly: false,
      definition,
      values: { city: 'Porto' },
    },
  });
  stores = createTestStores('/').stores;
  await stores.session.start();
  render(
    <StoresContext.Provider value={stores}>
      <MemoryRouter>
        <TaskPageForm taskId={TASK_ID} task={task} readOnly={false} />
      </MemoryRouter>
    </StoresContext.Provider>,
  );
  await screen.findByTestId('task-form');
  return { stores, server };
}

describe('TaskPageForm Autofill', () => {
  it('given access-autofill and a tenant with Autofill on, the button fills the empty fields', async () => {
    const { stores: app } = await renderTaskPage(
      [Privilege.accessTask, Privilege.accessAutofill],
      true,
    );

    fireEvent.click(await screen.findByTestId('autofill-button'));

    expect((screen.getByLabelText(/Full name/) as HTMLInputElement).value).toBe('Alex Morgan');
    expect((screen.getByLabelText(/City/) as HTMLInputElement).value).toBe('Porto');
    expect(app.toasts.toasts.map((toast) => [toast.key, toast.values])).toEqual([
      ['taskForm.autoFillSuccess', { count: 1 }],
    ]);
  });

  it('given no access-autofill, there is no button and the settings are not read', async () => {
    const { server: wire } = await renderTaskPage([Privilege.accessTask], true);

    expect(screen.queryByTestId('autofill-button')).toBeNull();
    expect(wire.calls('GET', IdentityPath.systemSettings)).toHaveLength(0);
  });

  it('given access-autofill in a tenant with Autofill off, there is no button', async () => {
    await renderTaskPage([Privilege.accessTask, Privilege.accessAutofill], false);

    expect(screen.queryByTestId('autofill-button')).toBeNull();
  });
});
