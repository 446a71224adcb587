import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import './TaskDescription.css';

/** Props of {@link TaskDescription}. */
export interface TaskDescriptionProps {
  /** The task's instructions as the server sends them: plain text, line breaks the author's. */
  readonly text: string;
}

/**
 * Above the task form: the instructions the process gives the person doing the task (the
 * user task's BPMN `documentation`, its values filled in). Shown as text, never as markup,
 * whatever the definition's author wrote in it; line breaks and indentation stay.
 */
export function TaskDescription({ text }: TaskDescriptionProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section
      className="tessera-task-description"
      aria-labelledby={headingId}
      data-testid="task-description"
    >
      <h2 id={headingId} className="tessera-task-description__heading">
        {t('process.task.instructions')}
      </h2>
      <p className="tessera-task-description__text">{text}</p>
    </section>
  );
}
