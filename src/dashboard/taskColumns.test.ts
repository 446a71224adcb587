import { describe, expect, it } from 'vitest';
import { TaskListKind } from '../api/tasksApi';
import { columnWidths, TASK_NAME_ROOM_PX, TaskColumn, visibleColumns } from './taskColumns';
import { Viewport } from './useViewport';

const { assigned, candidate, team } = TaskListKind;

describe('visibleColumns', () => {
  it('shows created-on and process on desktop, never the hidden ids', () => {
    expect(visibleColumns(assigned, Viewport.desktop)).toEqual([
      TaskColumn.dueDate,
      TaskColumn.createdOn,
      TaskColumn.taskName,
      TaskColumn.processName,
      TaskColumn.actions,
    ]);
  });

  it('hides created-on and process on phones', () => {
    expect(visibleColumns(assigned, Viewport.mobile)).toEqual([
      TaskColumn.dueDate,
      TaskColumn.taskName,
      TaskColumn.actions,
    ]);
  });

  it('shows candidates only in the candidate table on desktop', () => {
    expect(visibleColumns(candidate, Viewport.desktop)).toContain(TaskColumn.candidates);
    expect(visibleColumns(candidate, Viewport.tablet)).not.toContain(TaskColumn.candidates);
    expect(visibleColumns(assigned, Viewport.desktop)).not.toContain(TaskColumn.candidates);
  });

  it('gives the team table a select column, the assignee on desktop, and no created-on', () => {
    expect(visibleColumns(team, Viewport.desktop)).toEqual([
      TaskColumn.select,
      TaskColumn.dueDate,
      TaskColumn.taskName,
      TaskColumn.processName,
      TaskColumn.assigneeName,
      TaskColumn.actions,
    ]);
    expect(visibleColumns(team, Viewport.tablet)).not.toContain(TaskColumn.assigneeName);
    expect(visibleColumns(team, Viewport.mobile)).toEqual([
      TaskColumn.select,
      TaskColumn.dueDate,
      TaskColumn.taskName,
      TaskColumn.actions,
    ]);
  });
});

describe('visibleColumns in a table of a given width', () => {
  const nameWidth = (kind: TaskListKind, viewport: Viewport, tableWidth: number) => {
    const columns = visibleColumns(kind, viewport, tableWidth);
    const widths = columnWidths(columns, kind, viewport, tableWidth);
    return widths[columns.indexOf(TaskColumn.taskName)] ?? 0;
  };

  it('keeps every column of the layout in a table wide enough for them', () => {
    expect(visibleColumns(assigned, Viewport.tablet, 900)).toEqual(
      visibleColumns(assigned, Viewport.tablet),
    );
    expect(visibleColumns(candidate, Viewport.desktop, 1150)).toEqual(
      visibleColumns(candidate, Viewport.desktop),
    );
  });

  it('given a tablet window at 200 % zoom (a 512 px table), drops created-on and process so the task name has room', () => {
    expect(visibleColumns(assigned, Viewport.tablet, 512)).toEqual([
      TaskColumn.dueDate,
      TaskColumn.taskName,
      TaskColumn.actions,
    ]);
    for (const kind of [assigned, candidate, team]) {
      expect(nameWidth(kind, Viewport.tablet, 512)).toBeGreaterThanOrEqual(TASK_NAME_ROOM_PX);
      const columns = visibleColumns(kind, Viewport.tablet, 512);
      const widths = columnWidths(columns, kind, Viewport.tablet, 512);
      expect(widths.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(512);
    }
  });

  it('drops created-on before the process', () => {
    expect(visibleColumns(assigned, Viewport.tablet, 640)).toEqual([
      TaskColumn.dueDate,
      TaskColumn.taskName,
      TaskColumn.processName,
      TaskColumn.actions,
    ]);
  });

  it('never drops the due date, the task name or the actions', () => {
    expect(visibleColumns(team, Viewport.mobile, 200)).toEqual(
      visibleColumns(team, Viewport.mobile),
    );
  });
});

describe('columnWidths', () => {
  it('fills the table width with the fixed and the flexible columns', () => {
    const columns = visibleColumns(assigned, Viewport.desktop);
    const widths = columnWidths(columns, assigned, Viewport.desktop, 1000);
    const total = widths.reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(1000);
    expect(total).toBeGreaterThan(990);
  });

  it('uses the 56, 40 and 38 px select column', () => {
    for (const [viewport, px] of [
      [Viewport.desktop, 56],
      [Viewport.tablet, 40],
      [Viewport.mobile, 38],
    ] as const) {
      const widths = columnWidths(visibleColumns(team, viewport), team, viewport, 900);
      expect(widths[0]).toBe(px);
    }
  });
});
