import { UserPath } from '../../schemas/api/usersConstants';
import type { UserQueryBody, UsersAnswer, UserSummary } from '../../schemas/api/users';
import { http } from './httpClient';

export type { UserSummary };

/** The general user list (staff with access-task), by first then last name. */
export async function queryUsers(query: UserQueryBody = {}): Promise<UserSummary[]> {
  const response = await http.post<UsersAnswer>(UserPath.query, { page: 0, size: 200, ...query });
  return response.data.result.content;
}

/** The users one task may be reassigned to, when its reassign info asks for them. */
export async function fetchReassignableUsers(taskId: string): Promise<UserSummary[]> {
  const response = await http.get<UsersAnswer>(UserPath.reassignable(taskId));
  return response.data.result.content;
}

/**
 * The users a selection of tasks may be reassigned to, by the single reassign's rule (the
 * server computes them: everyone at least one of the tasks may go to).
 */
export async function fetchBulkReassignableUsers(taskIds: string[]): Promise<UserSummary[]> {
  const response = await http.post<UsersAnswer>(UserPath.bulkReassignable, { taskIds });
  return response.data.result.content;
}
