import type { ModdleNode } from 'bpmn-moddle';
import { parseCondition } from '../expressions/parseExpression';
import { checkExtensions, type Reading } from '../parse/checkExtensions';
import { elementError, expressionError, text } from '../parse/moddleNodes';
import type { SequenceFlowModel } from '../processModel';

/**
 * A sequence flow: its ends and its condition, a `${...}` in our grammar (a script language
 * is refused). `takenIds` holds the ids in use, so a flow drawn without one gets a fresh id.
 */
export function readSequenceFlow(
  element: ModdleNode,
  takenIds: Set<string | null>,
  read: Reading,
): SequenceFlowModel | undefined {
  const { errors } = read;
  const source = element.sourceRef as ModdleNode | undefined;
  const target = element.targetRef as ModdleNode | undefined;
  if (source === undefined || target === undefined) {
    errors.push(elementError(element, 'a sequence flow needs a sourceRef and a targetRef'));
    return undefined;
  }
  // A flow drawn without an id gets one from its ends, as nothing can refer to it.
  let id = text(element, 'id');
  if (id === null) {
    const stem = `flow_${text(source, 'id') ?? ''}_${text(target, 'id') ?? ''}`;
    id = stem;
    for (let suffix = 2; takenIds.has(id); suffix += 1) id = `${stem}_${suffix}`;
    takenIds.add(id);
  }
  checkExtensions(element, read);
  // A condition is read only as a `${...}` in our grammar; a script language is refused.
  const expression = element.conditionExpression as ModdleNode | undefined;
  let condition: string | null = null;
  if (expression !== undefined) {
    const language = text(expression, 'language');
    condition = text(expression, 'body') ?? '';
    if (language !== null || text(expression, 'resource') !== null) {
      errors.push(
        elementError(element, `scripted conditions (${language ?? 'resource'}) are not supported`),
      );
    } else {
      try {
        parseCondition(condition);
      } catch (error) {
        errors.push(expressionError(element, `condition '${condition}'`, error));
      }
    }
  }
  return {
    id,
    name: text(element, 'name'),
    source: text(source, 'id') ?? '',
    target: text(target, 'id') ?? '',
    condition,
  };
}
