import type { TaskRow } from '../../../schemas/api/tasks';

/** A task row as the server sends it; override what the case is about. */
export function aTaskRow(overrides: Partial<TaskRow> = {}): TaskRow {
  return {
    processInstanceId: 'pi-1',
    taskId: 't-1',
    processName: 'Loan origination',
    dueDate: '2026-06-12T10:00:00.000Z',
    taskStatus: 'OPEN',
    taskName: 'Application intake: Rivera',
    assignee: 'lmartin',
    assigneeName: 'Lucas Martin',
    candidates: [],
    createTime: '2026-06-01T09:00:00.000Z',
    memberOfCandidateGroup: false,
    memberOfCandidateUsers: false,
    initiatorCanCompleteTask: false,
    processInstanceStartUserId: 'mgarcia',
    formKey: 'DSG-loan-application',
    isNew: false,
    ...overrides,
  };
}
