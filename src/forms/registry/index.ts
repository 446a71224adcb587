// The field plugin registry: what a plugin folder declares, how plugins are found, and
// the rjsf widgets they become.
export type {
  FieldHost,
  FieldPlugin,
  FieldPluginDefinition,
  FieldRuntime,
  FieldText,
  FieldWidget,
  FieldWidgetModule,
  FieldWidgetProps,
  LocalizedOption,
  Translate,
} from './fieldPlugin';
export type {
  DirectoryEntry,
  DirectoryKind,
  FileService,
  FormServices,
  StoredFile,
  UsersSource,
  WebhookResult,
  WebhookService,
} from './formServices';
export type { RegistryWarning, RegistryWarningCode } from '../../core/forms/fields/registryWarning';
export type { RuntimeWidget } from './connectPlugin';
export { defineFieldPlugin, isEmptyValue } from './defineFieldPlugin';
export { FieldRegistry } from './FieldRegistry';
export { createFieldRegistry, defaultFieldRegistry } from './createFieldRegistry';
export { discoverPlugins } from './discoverPlugins';
export { addPluginTranslations } from './pluginTranslations';
export { UNSUPPORTED_TYPE, unsupportedPlugin } from './unsupportedPlugin';
export {
  MESSAGE_BLOCKS_CODE,
  REQUIRED_CODE,
  validationError,
} from '../../core/forms/fields/validationError';
export { outcomeModeOf } from '../../core/forms/fields/outcomeMode';
export type { OutcomeMode } from '../../core/forms/fields/outcomeMode';
export type { ValidationError, ValidationParam } from '../../core/forms/fields/validationError';
