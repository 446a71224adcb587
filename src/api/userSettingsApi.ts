import { UserPath } from '../../schemas/api/usersConstants';
import type { UserSettings, UserSettingsAnswer } from '../../schemas/api/users';
import { http } from './httpClient';

export type { UserSettings };

/** The signed-in user's UI settings. */
export async function fetchUserSettings(): Promise<UserSettings> {
  const response = await http.get<UserSettingsAnswer>(UserPath.settings);
  return response.data.result;
}

/** Merges some settings into the signed-in user's settings, key by key. */
export async function patchUserSettings(settings: UserSettings): Promise<void> {
  await http.patch(UserPath.settings, settings);
}
