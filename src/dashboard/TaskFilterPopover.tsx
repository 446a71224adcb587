import {
  Button,
  FormGroup,
  HTMLSelect,
  InputGroup,
  PopoverNext,
  PopupKind,
  Spinner,
} from '@blueprintjs/core';
import { FilterIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../components/DateField';
import { DUE_DATE_MASK } from '../dates/applyDateMask';
import { MAX_YEAR } from '../core/dates/parseDateInput';
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

/** The latest day the due-date calendar offers: the last of the latest year a date may have. */
const LATEST_DUE_DATE = `${MAX_YEAR}-12-31`;

/** The popover's fields: due date (masked, with a calendar), task name, assignee (team). */
const FilterFields = observer(function FilterFields({
  form,
  dashboard,
  onApplied,
}: FilterFieldsProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const error = form.showError && form.dateFormatError;

  return (
    // A popover of fields is a dialog, named by its title (not a menu, as a popover says
    // by default).
    <form
      className="tessera-filter"
      role="dialog"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (form.apply()) onApplied();
      }}
    >
      <h3 className="tessera-filter__title" id={titleId}>
        {t('dashboard.filter.title')}
      </h3>
      <FormGroup
        label={t('dashboard.filter.dueDate')}
        labelFor="filter-due-date"
        intent={error ? 'danger' : 'none'}
        helperText={
          error ? (
            <span id="filter-due-date-help" role="alert" data-testid="due-date-error">
              {t(`dashboard.dateError.${form.dateFormatError}`)}
            </span>
          ) : (
            <span id="filter-due-date-help">{t('dashboard.filter.dueDateHelp')}</span>
          )
        }
      >
        <DateField
          id="filter-due-date"
          name="dueDate"
          locale={i18n.language}
          mask={DUE_DATE_MASK}
          placeholder={t('dashboard.filter.dueDatePlaceholder')}
          max={LATEST_DUE_DATE}
          invalid={Boolean(error)}
          describedBy="filter-due-date-help"
          text={form.dueDateText}
          onTextChange={(value) => form.setDueDateText(value)}
          onBlur={() => form.checkDueDate()}
          selected={form.pickerValue || undefined}
          onPick={(day) => form.pickDate(day)}
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
 * the 99/99/9999 mask and checked when the field is left, a calendar, the task name and,
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
      popupKind={PopupKind.DIALOG}
      // Focus starts on the first field, not on the popover's unnamed frame.
      onOpened={(node) => node.querySelector<HTMLElement>('input, select, button')?.focus()}
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
