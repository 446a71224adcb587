import { DIRECTORY_LOOKUP_MAX, DirectoryPath } from '../../schemas/api/directoryConstants';
import type { GroupQueryBody, GroupsAnswer, GroupSummary } from '../../schemas/api/directory';
import type { UserSummary } from '../../schemas/api/users';
import { http } from './httpClient';

export type { GroupSummary };

/** The functional groups of the user's tenant, by name, searched by name or id and paged. */
export async function queryGroups(query: GroupQueryBody = {}): Promise<GroupSummary[]> {
  const response = await http.post<GroupsAnswer>(DirectoryPath.groups, {
    page: 0,
    size: 50,
    ...query,
  });
  return response.data.result.content;
}

/** Distinct ids in slices the server takes in one lookup. */
function slicesOf(ids: readonly string[]): string[][] {
  const distinct = [...new Set(ids)];
  const slices: string[][] = [];
  for (let start = 0; start < distinct.length; start += DIRECTORY_LOOKUP_MAX) {
    slices.push(distinct.slice(start, start + DIRECTORY_LOOKUP_MAX));
  }
  return slices;
}

/**
 * Looks entries up by id, one call per slice the server takes: those found, an unknown id
 * (or one outside the directory) left out.
 */
async function lookUp<Entry>(path: string, ids: readonly string[]): Promise<Entry[]> {
  const answers = await Promise.all(
    slicesOf(ids).map((slice) => http.post<{ result: { content: Entry[] } }>(path, { ids: slice })),
  );
  return answers.flatMap((answer) => answer.data.result.content);
}

/** The people of these ids (staff with access-task), to name saved values. */
export function lookUpUsers(ids: readonly string[]): Promise<UserSummary[]> {
  return lookUp<UserSummary>(DirectoryPath.usersByIds, ids);
}

/** The functional groups of these ids, to name saved values. */
export function lookUpGroups(ids: readonly string[]): Promise<GroupSummary[]> {
  return lookUp<GroupSummary>(DirectoryPath.groupsByIds, ids);
}
