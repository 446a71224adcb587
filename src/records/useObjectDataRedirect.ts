import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Privilege } from '../../schemas/api/identityConstants';
import { fetchProcessVariables } from '../api/processesApi';
import { useStores } from '../stores/useStores';
import { objectDataTarget } from './objectDataTarget';

/** The task the task page shows, as far as the redirect needs it. */
export interface RedirectableTask {
  readonly id: string;
  readonly processInstanceId: string;
  readonly formKey: string | null;
}

/**
 * The task page's move to an object's records (spec 000 section 4): a task without a form
 * of its own, whose process metadata names an object definition, is work on that object's
 * records, so the page replaces itself with `/objectdata/{key}/{version}`. Only for users
 * with access-bo, who may see that list; a task with a form always shows it (a record's
 * delete approval, for one).
 */
export function useObjectDataRedirect(task: RedirectableTask | null): void {
  const { session } = useStores();
  const navigate = useNavigate();
  const canSeeRecords = session.hasPrivilege(Privilege.accessBo);
  const candidate = task !== null && task.formKey === null && canSeeRecords ? task : null;
  const taskId = candidate?.id;
  const instanceId = candidate?.processInstanceId;

  useEffect(() => {
    if (taskId === undefined || instanceId === undefined) return undefined;
    let current = true;
    fetchProcessVariables(instanceId, taskId)
      .then((answer) => {
        const target = objectDataTarget(answer.metaData);
        if (current && target) navigate(target, { replace: true });
      })
      .catch(() => {
        // Without the metadata the task page stays as it is.
      });
    return () => {
      current = false;
    };
  }, [taskId, instanceId, navigate]);
}
