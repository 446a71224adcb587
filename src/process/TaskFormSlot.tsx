import { NonIdealState, Spinner } from '@blueprintjs/core';
import { DocumentIcon } from '@blueprintjs/icons';
import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskDetail } from '../api/tasksApi';

/**
 * What the form runtime's task-page component receives. The runtime exports it as
 * `TaskPageForm` from `src/forms/runtime/index.ts`; it loads the task's form, renders it
 * and submits its outcomes.
 */
export interface TaskPageFormProps {
  /** The task whose form is shown. */
  taskId: string;
  /** The task as the header loaded it (form key, assignee, permissions, saved values). */
  task: TaskDetail;
  /** Read-only: the user is neither the assignee nor able to claim it (spec 000 section 2). */
  readOnly: boolean;
  /**
   * Where the form puts a function that tells, at any moment, whether it holds unsaved
   * changes; the page's unsaved-changes guard asks it when a navigation starts.
   */
  dirtyProbe?: { current: (() => boolean) | null };
}

type RuntimeModule = { TaskPageForm?: ComponentType<TaskPageFormProps> };

// Found at build time: while the runtime has no entry point the slot shows a quiet note,
// and once it has one the form appears here without any change to this page.
const runtimeEntries = import.meta.glob<RuntimeModule>('../forms/runtime/index.{ts,tsx}');
const loadRuntime = Object.values(runtimeEntries)[0];

/** The note shown while the form runtime offers no task-page form. */
function Pending(_props: Partial<TaskPageFormProps>) {
  const { t } = useTranslation();
  return (
    <NonIdealState
      className="tessera-task-form-slot__pending"
      icon={<DocumentIcon size={32} />}
      description={t('tasks.header.formPending')}
    />
  );
}

const RuntimeForm = loadRuntime
  ? lazy<ComponentType<TaskPageFormProps>>(async () => {
      const runtime = await loadRuntime();
      return { default: runtime.TaskPageForm ?? Pending };
    })
  : null;

/**
 * The body of the task page below its header: the form runtime's `TaskPageForm` when the
 * runtime provides one, otherwise a placeholder.
 */
export function TaskFormSlot(props: TaskPageFormProps) {
  return (
    <div className="tessera-task-form-slot" data-testid="task-form-slot">
      {RuntimeForm ? (
        <Suspense
          fallback={
            <div className="tessera-page--loading">
              <Spinner size={24} />
            </div>
          }
        >
          <RuntimeForm {...props} />
        </Suspense>
      ) : (
        <Pending {...props} />
      )}
    </div>
  );
}
