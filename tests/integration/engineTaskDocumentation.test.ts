import { describe, expect, it } from 'vitest';
import { TENANT, useConformanceKit } from './engineConformanceKit';

describe('user task documentation as the task description', () => {
  const kit = useConformanceKit();

  it('given a user task with documentation, when the task is made, then it carries the instructions filled in from the variables', async () => {
    await kit.deploy('user-task-documentation.bpmn');
    const instance = await kit.context.engine.startProcess(TENANT, {
      key: 'documentedCallBack',
      startedBy: 'clerk',
      variables: { customerName: 'Ana Ruiz', phone: '+34 600 000 000', rate: 4.25 },
    });

    const [task] = await kit.openTasks(instance.id);

    const instructions = [
      'Call Ana Ruiz on +34 600 000 000.',
      'Offer the rate of 4.25 %; do not promise more.',
      '',
      '  Write down when they can be reached again.',
      '',
      'Keep <b>#{notes}</b> short.',
    ].join('\n');
    expect(task).toMatchObject({ elementId: 'callCustomer', description: instructions });
    expect(task?.displayDescriptions).toMatchObject({
      en: instructions,
      fr: instructions.replace('4.25', '4,25'),
    });
    const stored = await kit.context.db
      .selectFrom('tasks')
      .select(['description', 'display_descriptions'])
      .where('id', '=', task?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(stored.description).toBe(instructions);
  });

  it('given a user task whose documentation is blank, when the task is made, then it has no description', async () => {
    await kit.deploy('user-task-documentation.bpmn');
    const instance = await kit.context.engine.startProcess(TENANT, {
      key: 'documentedCallBack',
      startedBy: 'clerk',
      variables: { customerName: 'Ben', phone: '1', rate: 3 },
    });

    const next = await kit.complete(instance.id, 'callCustomer');
    const [task] = await kit.openTasks(next.id);

    expect(task).toMatchObject({
      elementId: 'fileNotes',
      description: null,
      displayDescriptions: null,
    });
  });
});
