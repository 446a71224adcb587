import { Button, FormGroup, HTMLSelect, InputGroup, PopoverNext, Spinner } from '@blueprintjs/core';
import { CalendarIcon, FilterIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DUE_DATE_MASK } from '../dates/applyDateMask';
import type { DashboardStore } from './DashboardStore';
import { TaskFilterForm } from './TaskFilterForm';
import type { TaskListStore } from './TaskListStore';

/** Props of {@link TaskFilterPopover}. */
export interface TaskFilterPopoverProps {
  /** The list filtered. */
  list: TaskListStore;
  /** The dashboard, for the people of the assignee field. */
  dashboard: DashboardStore;
  /** Shows the button as an icon only (phones). */
  compact?: boolean;
}

/** Props of {@link FilterFields}. */
interface FilterFieldsProps {
  /** The draft. */
  form: TaskFilterForm;
  /** The dashboard, for the people. */
  dashboard: DashboardStore;
  /** Closes the popover after a successful apply. */
  onApplied: () => void;
}

/** The popover's fields: due date (masked, with a calendar), task name, assignee (team). */
const FilterFields = observer(function FilterFields({
  form,
  dashboard,
  onApplied,
}: FilterFieldsProps) {
  const { t } = useTranslation();
  const [calendarOpen, setCalendarOpen] = useState(false);
  const error = form.showError && form.dateFormatError;

  return (
    <form
      className="tessera-filter"
      aria-label={t('dashboard.filter.title')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (form.apply()) onApplied();
      }}
    >
      <h3 className="tessera-filter__title">{t('dashboard.filter.title')}</h3>
      <FormGroup
        label={t('dashboard.filter.dueDate')}
        labelFor="filter-due-date"
        intent={error ? 'danger' : 'none'}
        helperText={
          error ? (
            <span role="alert" data-testid="due-date-error">
              {t(`dashboard.dateError.${form.dateFormatError}`)}
            </span>
          ) : (
            t('dashboard.filter.dueDateHelp')
          )
        }
      >
        <InputGroup
          id="filter-due-date"
          name="dueDate"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('dashboard.filter.dueDatePlaceholder')}
          maxLength={DUE_DATE_MASK.length}
          intent={error ? 'danger' : 'none'}
          value={form.dueDateText}
          onValueChange={(value) => form.setDueDateText(value)}
          onBlur={() => form.checkDueDate()}
          aria-invalid={error ? true : undefined}
          rightElement={
            <PopoverNext
              isOpen={calendarOpen}
              onInteraction={(open) => setCalendarOpen(open)}
              placement="bottom-end"
              content={
                <div className="tessera-filter__calendar">
                  <label
                    className="tessera-filter__calendar-label"
                    htmlFor="filter-due-date-picker"
                  >
                    {t('dashboard.filter.calendar')}
                  </label>
                  <input
                    id="filter-due-date-picker"
                    className="bp6-input"
                    type="date"
                    min="0001-01-01"
                    max="2100-12-31"
                    value={form.pickerValue}
                    onChange={(event) => {
                      form.pickDate(event.target.value);
                      if (event.target.value) setCalendarOpen(false);
                    }}
                  />
                </div>
              }
            >
              <Button
                variant="minimal"
                icon={<CalendarIcon />}
                aria-label={t('dashboard.filter.openCalendar')}
                title={t('dashboard.filter.openCalendar')}
              />
            </PopoverNext>
          }
        />
      </FormGroup>
      <FormGroup label={t('dashboard.filter.taskName')} labelFor="filter-task-name">
        <InputGroup
          id="filter-task-name"
          name="taskName"
          placeholder={t('dashboard.filter.taskNamePlaceholder')}
          maxLength={200}
          value={form.taskName}
          onValueChange={(value) => form.setTaskName(value)}
        />
      </FormGroup>
      {form.offersAssignee && (
        <FormGroup label={t('dashboard.filter.assignee')} labelFor="filter-assignee">
          <div className="tessera-filter__assignee">
            <HTMLSelect
              id="filter-assignee"
              fill
              value={form.assignee ?? ''}
              onChange={(event) => form.setAssignee(event.target.value || null)}
            >
              <option value="">{t('dashboard.filter.anyAssignee')}</option>
              {dashboard.people.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.fullName}
                </option>
              ))}
            </HTMLSelect>
            {dashboard.peopleLoading && <Spinner size={16} />}
          </div>
        </FormGroup>
      )}
      <div className="tessera-filter__actions">
        <Button variant="minimal" text={t('dashboard.filter.reset')} onClick={() => form.clear()} />
        <Button
          type="submit"
          intent="primary"
          text={t('dashboard.filter.apply')}
          disabled={!form.canApply}
          data-testid="apply-filters"
        />
      </div>
    </form>
  );
});

/**
 * The Filters button and its popover (spec 000 sections 2 and 5): a due date typed through
 * the 99/99/9999 mask and checked when the field is left, a date picker, the task name and,
 * on the team list, the assignee. Apply is blocked while the date is not valid.
 */
export const TaskFilterPopover = observer(function TaskFilterPopover({
  list,
  dashboard,
  compact = false,
}: TaskFilterPopoverProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<TaskFilterForm | null>(null);
  const count = list.popoverFilterCount;
  const label =
    count > 0 ? t('dashboard.filter.buttonActive', { count }) : t('dashboard.filter.button');

  return (
    <PopoverNext
      isOpen={form !== null}
      placement="bottom-end"
      onInteraction={(open) => {
        if (open) {
          setForm(new TaskFilterForm(list));
          if (list.kind === 'team') void dashboard.loadPeople();
        } else {
          setForm(null);
        }
      }}
      content={
        form ? (
          <FilterFields form={form} dashboard={dashboard} onApplied={() => setForm(null)} />
        ) : (
          <span />
        )
      }
    >
      <Button
        variant="outlined"
        icon={<FilterIcon />}
        text={compact ? undefined : label}
        aria-label={label}
        intent={count > 0 ? 'primary' : 'none'}
        data-testid="filters-button"
      />
    </PopoverNext>
  );
});
