import type { ModdleNode } from 'bpmn-moddle';
import { isForbiddenName } from '../expressions/parseExpression';
import type { Reading } from '../parse/checkExtensions';
import { checkTemplate, elementError, extensionValues, text } from '../parse/moddleNodes';
import type { VariableMapping } from '../processModel';
import type { ElementModule } from './elementModule';
import { executeCallActivity } from './callActivity.run';

const keyPattern = /^[A-Za-z_][A-Za-z0-9_.-]{0,199}$/;

/**
 * Settings of an `in` or `out` mapping that change what is copied in a way the engine does
 * not: `local` copies to or from the call activity's own variables (there are none here),
 * `businessKey` hands the called instance a business key.
 */
const unreadMappingSettings = ['local', 'businessKey'] as const;

/** Starts the latest version of another process and waits for it to end. */
export const callActivity: ElementModule<'callActivity'> = {
  kind: 'callActivity',
  role: { activity: true },
  scopedActivity: true,
  attributes: new Set(['calledElementBinding']),
  readsExtension: (local) => local === 'in' || local === 'out',
  // Flowable's modeller writes calledElementType="key"; by key is how a call is resolved.
  accepts: (attribute) => attribute.local === 'calledElementType' && attribute.value === 'key',
  read(element, { base, multiInstance }, context) {
    const { errors } = context;
    const calledElement = text(element, 'calledElement') ?? '';
    if (!keyPattern.test(calledElement)) {
      errors.push(elementError(element, `calledElement '${calledElement}' is not a process key`));
    }
    const conflict = (message: string): void => {
      errors.push(elementError(element, message));
    };
    const binding = context.extensions.attribute(element, 'calledElementBinding', conflict);
    if (binding !== null && binding.value !== 'latest') {
      // `deployment`, `version` and `versionTag` pick another version than the latest.
      conflict(
        `${binding.qualified}="${binding.value}" is not supported here: a call activity starts the latest version of the process it names`,
      );
    }
    const mappings = readCallMappings(element, context);
    return {
      ...base,
      ...(multiInstance === null ? {} : { multiInstance }),
      kind: 'callActivity',
      calledElement,
      ...mappings,
    };
  },
  enter: (node, token, run) => run.enterActivity(token, node),
  execute: executeCallActivity,
};

/** A call activity's `in` and `out` mappings (Camunda elements, or Flowable/Activiti ones). */
function readCallMappings(
  element: ModdleNode,
  read: Reading,
): { inputs: VariableMapping[]; outputs: VariableMapping[] } {
  const { errors, extensions } = read;
  const inputs: VariableMapping[] = [];
  const outputs: VariableMapping[] = [];
  for (const extension of extensionValues(element)) {
    const local = extension.$type.slice(extension.$type.indexOf(':') + 1).toLowerCase();
    if (local !== 'in' && local !== 'out') continue;
    const unread = unreadMappingSettings.filter((name) => {
      const value = extension[name];
      return value !== undefined && value !== null && value !== false && value !== 'false';
    });
    if (unread.length > 0) {
      for (const name of unread) {
        errors.push(
          elementError(
            element,
            `${extensions.spelled(extension.$type)} ${name}="${String(extension[name] as string | boolean)}" is not supported`,
          ),
        );
      }
      continue;
    }
    const source = text(extension, 'source');
    const sourceExpression = text(extension, 'sourceExpression');
    const target = text(extension, 'target');
    const all = text(extension, 'variables') === 'all';
    const usable = (name: string | null): boolean =>
      name !== null && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !isForbiddenName(name);
    if (
      !all &&
      (!usable(target) ||
        (source === null) === (sourceExpression === null) ||
        (source !== null && !usable(source)))
    ) {
      errors.push(
        elementError(
          element,
          `${extension.$type} needs variables="all", or a target and one of source or sourceExpression naming usable variables`,
        ),
      );
      continue;
    }
    if (sourceExpression !== null)
      checkTemplate(element, 'sourceExpression', sourceExpression, errors);
    (local === 'in' ? inputs : outputs).push({ source, sourceExpression, target, all });
  }
  return { inputs, outputs };
}
