import { IntegrationScope } from '../../schemas/api/integrationConstants';

/** Each scope's label and explanation, by translation key: the screen never shows a scope's id. */
const SCOPE_KEYS: Readonly<Record<string, { label: string; help: string }>> = {
  [IntegrationScope.messages]: {
    label: 'integrations.scope.messages',
    help: 'integrations.scope.messagesHelp',
  },
  [IntegrationScope.externalTasks]: {
    label: 'integrations.scope.externalTasks',
    help: 'integrations.scope.externalTasksHelp',
  },
};

/** The translation key of a scope's label; a scope this screen does not know yet has a general one. */
export function scopeLabelKey(scope: string): string {
  return SCOPE_KEYS[scope]?.label ?? 'integrations.scope.unknown';
}

/** The translation key of what a scope lets a client do. */
export function scopeHelpKey(scope: string): string {
  return SCOPE_KEYS[scope]?.help ?? 'integrations.scope.unknown';
}
