import type { ModdleNode } from 'bpmn-moddle';
import { isForbiddenName, parseCondition } from '../expressions/parseExpression';
import { isTemplate } from '../expressions/parseTemplate';
import type { MultiInstanceModel } from '../processModel';
import { checkExtensions, type Reading } from './checkExtensions';
import { checkTemplate, elementError, expressionError, text } from './moddleNodes';

/** The extension attributes read on `multiInstanceLoopCharacteristics`. */
const loopAttributes: ReadonlySet<string> = new Set(['collection', 'elementVariable']);

/**
 * The standard multi-instance form names its collection with `<loopDataInputRef>` and the
 * item with `<inputDataItem name>`. Flowable reads the reference as the name of a process
 * variable rather than of a declared data input, and so do we: the meta-model cannot resolve
 * it, so the name is kept here for `readMultiInstance`.
 */
const collectionNames = new WeakMap<object, string>();

/** A `loopDataInputRef` that names a declared data input: its id is the variable's name. */
function declaredInput(loop: ModdleNode): string | null {
  const input = loop.loopDataInputRef as ModdleNode | undefined;
  return input ? text(input, 'id') : null;
}

/** A reader warning that a `loopDataInputRef` names no data input: the collection's name, kept. */
export function isCollectionName(warning: Error): boolean {
  const { element, property, value } = warning as {
    element?: { $type?: unknown };
    property?: unknown;
    value?: unknown;
  };
  if (
    element?.$type !== 'bpmn:MultiInstanceLoopCharacteristics' ||
    property !== 'bpmn:loopDataInputRef' ||
    typeof value !== 'string'
  ) {
    return false;
  }
  collectionNames.set(element, value);
  return true;
}

/**
 * `multiInstanceLoopCharacteristics` on a user task, sub-process, call activity or external
 * service task (`multiInstanceAllowed`: the element is one of those).
 */
export function readMultiInstance(
  element: ModdleNode,
  multiInstanceAllowed: boolean,
  context: Reading,
): MultiInstanceModel | null {
  const { errors, extensions } = context;
  const loop = element.loopCharacteristics as ModdleNode;
  if (loop.$type !== 'bpmn:MultiInstanceLoopCharacteristics') {
    errors.push(elementError(element, `${loop.$type} is not supported; use multi-instance`));
    return null;
  }
  if (!multiInstanceAllowed) {
    errors.push(
      elementError(
        element,
        'only user tasks, sub-processes, call activities and external tasks may be multi-instance',
      ),
    );
    return null;
  }
  const conflict = (message: string): void => {
    errors.push(elementError(element, message));
  };
  checkExtensions(loop, context, { owner: element, readHere: loopAttributes });
  // The extension attributes, else the standard form: `loopDataInputRef` and `inputDataItem`.
  const collection =
    extensions.attribute(loop, 'collection', conflict)?.value ??
    collectionNames.get(loop) ??
    declaredInput(loop) ??
    null;
  const dataItem = loop.inputDataItem as ModdleNode | undefined;
  const elementVariable =
    extensions.attribute(loop, 'elementVariable', conflict)?.value ??
    (dataItem ? text(dataItem, 'name') : undefined) ??
    null;
  const cardinalityNode = loop.loopCardinality as ModdleNode | undefined;
  const cardinality = cardinalityNode ? (text(cardinalityNode, 'body') ?? '').trim() : null;
  const conditionNode = loop.completionCondition as ModdleNode | undefined;
  const completionCondition = conditionNode ? (text(conditionNode, 'body') ?? '').trim() : null;
  if (collection === null && cardinality === null) {
    conflict('a multi-instance activity needs a collection or a loopCardinality');
  }
  if (collection !== null) {
    const parts = checkTemplate(element, 'collection', collection, errors);
    if (
      parts !== undefined &&
      !isTemplate(parts) &&
      (!/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(collection) ||
        collection.split('.').some(isForbiddenName))
    ) {
      conflict(`collection '${collection}' is neither a variable name nor \${...}`);
    }
  }
  if (cardinality !== null) {
    const parts = checkTemplate(element, 'loopCardinality', cardinality, errors);
    if (parts !== undefined && !isTemplate(parts) && !/^\d{1,6}$/.test(cardinality)) {
      conflict(`loopCardinality '${cardinality}' is not a whole number`);
    }
  }
  if (
    elementVariable !== null &&
    (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(elementVariable) || isForbiddenName(elementVariable))
  ) {
    conflict(`elementVariable '${elementVariable}' is not a usable variable name`);
  }
  if (completionCondition !== null) {
    try {
      parseCondition(completionCondition);
    } catch (error) {
      errors.push(expressionError(element, `completionCondition '${completionCondition}'`, error));
    }
  }
  return {
    sequential: loop.isSequential === true,
    cardinality,
    collection,
    elementVariable,
    completionCondition,
  };
}
