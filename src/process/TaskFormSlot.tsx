import { Spinner } from '@blueprintjs/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskPageFormProps } from '../forms/taskPage/TaskPageForm';

// The form runtime (rjsf, the field registry, the plugins' widgets) is a chunk of its own,
// fetched when the first task page opens, so the dashboard never downloads it.
const TaskPageForm = lazy(() =>
  import('../forms/taskPage/TaskPageForm').then((module) => ({ default: module.TaskPageForm })),
);

/** The body of the task page below its header: the task's form, loaded on first use. */
export function TaskFormSlot(props: TaskPageFormProps) {
  const { t } = useTranslation();
  return (
    <div className="tessera-task-form-slot" data-testid="task-form-slot">
      <Suspense
        fallback={
          <div className="tessera-page--loading">
            <Spinner size={24} aria-label={t('common.loading')} />
          </div>
        }
      >
        <TaskPageForm {...props} />
      </Suspense>
    </div>
  );
}
