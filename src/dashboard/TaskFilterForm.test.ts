import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TaskPath, type TaskQueryBody } from '../../schemas/api/tasks';
import { TaskListKind } from '../api/tasksApi';
import { i18n } from '../i18n/i18n';
import { ToastStore } from '../stores/ToastStore';
import { FakeServer } from '../testing/fakeServer';
import { TaskFilterForm } from './TaskFilterForm';
import { TaskListStore } from './TaskListStore';

let server: FakeServer;

beforeEach(() => {
  server = new FakeServer();
  for (const kind of Object.values(TaskListKind)) {
    server.on('POST', TaskPath[kind], {
      status: 200,
      body: {
        content: [],
        totalHeadCount: 0,
        totalCount: 0,
        totalAll: 0,
        totalNew: 0,
        totalToday: 0,
        totalThisWeek: 0,
        totalOverdue: 0,
        page: 0,
        size: 10,
      },
    });
  }
});

afterEach(() => server.restore());

const listOf = (kind: TaskListKind) => new TaskListStore(kind, { toasts: new ToastStore() });
const sentFilters = (kind: TaskListKind) =>
  (server.calls('POST', TaskPath[kind]).at(-1)?.body as TaskQueryBody | undefined)?.filterParams;

describe('TaskFilterForm', () => {
  it('types the due date through the DD/MM/YYYY mask', () => {
    const form = new TaskFilterForm(listOf(TaskListKind.assigned));
    form.setDueDateText('3102a2026');
    expect(form.dueDateText).toBe('31/02/2026');
  });

  it('shows the error only once the field is left, and blocks Apply', async () => {
    const list = listOf(TaskListKind.assigned);
    const form = new TaskFilterForm(list);

    form.setDueDateText('31/02/2026');
    expect(form.showError).toBe(false);
    expect(form.canApply).toBe(false);

    form.checkDueDate();
    expect(form.showError).toBe(true);
    expect(form.dateFormatError).toBe('invalidDate');
    expect(i18n.t(`dashboard.dateError.${form.dateFormatError}`)).toBe(
      'That month does not have this day.',
    );

    expect(form.apply()).toBe(false);
    expect(server.calls('POST', TaskPath.assigned)).toHaveLength(0);
  });

  it('names every error in the three languages', () => {
    for (const code of ['invalidDateFormat', 'invalidMonth', 'invalidYear', 'invalidDate']) {
      for (const language of ['en', 'es', 'fr']) {
        expect(i18n.exists(`dashboard.dateError.${code}`, { lng: language })).toBe(true);
      }
    }
    const fr = i18n.getFixedT('fr');
    expect(fr('dashboard.dateError.invalidMonth')).toBe(
      'Le mois doit être compris entre 01 et 12.',
    );
  });

  it('applies a valid date in the API form, with the task name', async () => {
    const list = listOf(TaskListKind.assigned);
    const form = new TaskFilterForm(list);
    form.setDueDateText('05062026');
    form.setTaskName('  Rivera ');

    expect(form.apply()).toBe(true);
    await Promise.resolve();

    expect(form.dueDateText).toBe('05/06/2026');
    expect(sentFilters(TaskListKind.assigned)).toEqual({
      dueDate: '2026-06-05',
      taskName: 'Rivera',
    });
  });

  it('takes the date picker value and shows it as DD/MM/YYYY', () => {
    const form = new TaskFilterForm(listOf(TaskListKind.assigned));
    form.pickDate('2026-12-24');
    expect(form.dueDateText).toBe('24/12/2026');
    expect(form.pickerValue).toBe('2026-12-24');
    expect(form.canApply).toBe(true);
  });

  it('offers the assignee on the team list only', async () => {
    expect(new TaskFilterForm(listOf(TaskListKind.candidate)).offersAssignee).toBe(false);
    const team = listOf(TaskListKind.team);
    const form = new TaskFilterForm(team);
    expect(form.offersAssignee).toBe(true);
    form.setAssignee('jmorales');
    form.apply();
    await Promise.resolve();
    expect(sentFilters(TaskListKind.team)).toEqual({ assignee: 'jmorales' });
  });

  it('starts from the applied filters', async () => {
    const list = listOf(TaskListKind.assigned);
    await list.applyFilters({ dueDate: '2026-01-09', taskName: 'KYC', assignee: null });
    const form = new TaskFilterForm(list);
    expect(form.dueDateText).toBe('09/01/2026');
    expect(form.taskName).toBe('KYC');
  });
});
