import { makeAutoObservable } from 'mobx';
import { TaskListKind } from '../api/tasksApi';
import { applyDateMask } from '../dates/applyDateMask';
import {
  isoDateToDisplay,
  parseDateInput,
  type DateInputError,
} from '../core/dates/parseDateInput';
import type { TaskListStore } from './TaskListStore';

/**
 * The filter popover's draft (spec 000 section 3, "Filter state"): the due date as typed
 * through the DD/MM/YYYY mask, its error once the field is left, the task name and, on the
 * team list, the assignee. Nothing reaches the list until Apply, which a bad date blocks.
 */
export class TaskFilterForm {
  /** The due date as typed, `DD/MM/YYYY` (possibly partial). */
  dueDateText: string;
  /** Why the typed date was refused, once checked. */
  dateFormatError: DateInputError | null = null;
  /** Whether the error is shown (after the field was left or Apply was pressed). */
  showError = false;
  /** Part of the task name. */
  taskName: string;
  /** The assignee's id (team list), or null for anyone. */
  assignee: string | null;

  private readonly list: TaskListStore;

  constructor(list: TaskListStore) {
    this.list = list;
    this.dueDateText = list.filters.dueDate ? isoDateToDisplay(list.filters.dueDate) : '';
    this.taskName = list.filters.taskName;
    this.assignee = list.filters.assignee;
    makeAutoObservable<TaskFilterForm, 'list'>(this, { list: false });
  }

  /** Whether the assignee field is offered (team list only). */
  get offersAssignee(): boolean {
    return this.list.kind === TaskListKind.team;
  }

  /** Whether Apply may run: no date, or a valid one. */
  get canApply(): boolean {
    return this.dueDateText === '' || parseDateInput(this.dueDateText).ok;
  }

  /** The typed date as `YYYY-MM-DD` for the date picker, or '' while it is not a date. */
  get pickerValue(): string {
    const parsed = parseDateInput(this.dueDateText);
    return parsed.ok ? parsed.date.api : '';
  }

  /** Takes a keystroke through the mask; the error waits until the field is left. */
  setDueDateText(raw: string): void {
    this.dueDateText = applyDateMask(raw);
    this.showError = false;
    this.dateFormatError = null;
  }

  /** Parses the date when the field is left (spec 000 section 5). */
  checkDueDate(): boolean {
    if (this.dueDateText === '') {
      this.dateFormatError = null;
      this.showError = false;
      return true;
    }
    const parsed = parseDateInput(this.dueDateText);
    if (parsed.ok) {
      this.dueDateText = parsed.date.display;
      this.dateFormatError = null;
      this.showError = false;
      return true;
    }
    this.dateFormatError = parsed.error;
    this.showError = true;
    return false;
  }

  /** Sets the date from the picker (`YYYY-MM-DD`); an empty value clears it. */
  pickDate(iso: string): void {
    this.dueDateText = iso ? isoDateToDisplay(iso) : '';
    this.dateFormatError = null;
    this.showError = false;
  }

  /** Sets the task name. */
  setTaskName(taskName: string): void {
    this.taskName = taskName;
  }

  /** Sets the assignee (null for anyone). */
  setAssignee(assignee: string | null): void {
    this.assignee = assignee;
  }

  /** Empties every field (Apply still has to be pressed). */
  clear(): void {
    this.dueDateText = '';
    this.dateFormatError = null;
    this.showError = false;
    this.taskName = '';
    this.assignee = null;
  }

  /** Applies the filters to the list; answers false (showing the error) while the date is bad. */
  apply(): boolean {
    if (!this.checkDueDate()) return false;
    const parsed = this.dueDateText === '' ? null : parseDateInput(this.dueDateText);
    void this.list.applyFilters({
      dueDate: parsed?.ok ? parsed.date.api : null,
      taskName: this.taskName.trim(),
      assignee: this.offersAssignee ? this.assignee : null,
    });
    return true;
  }
}
