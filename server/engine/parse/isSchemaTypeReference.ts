/** The XML Schema namespace, whose built-in types (`xsd:string`, `xsd:int`...) name data types. */
export const XML_SCHEMA_URI = 'http://www.w3.org/2001/XMLSchema';

/** The shape of a moddle reader warning about a reference it could not resolve. */
interface ReferenceWarning {
  readonly element?: MaybeElement;
  readonly property?: unknown;
  readonly value?: unknown;
}

interface MaybeElement {
  readonly $attrs?: Readonly<Record<string, string>>;
  readonly $parent?: MaybeElement;
  readonly $descriptor?: {
    readonly propertiesByName?: Readonly<Record<string, { readonly type?: unknown } | undefined>>;
  };
}

/**
 * Whether a reader warning is only an item type naming an XML Schema type directly:
 * `itemSubjectRef="xsd:string"` on a data object (as Flowable's modeller writes it),
 * `itemRef="xsd:int"` on a message, `evaluatesToTypeRef="xsd:boolean"` on a condition.
 * BPMN types these references as item definitions, so the reader finds no element of that
 * id; they only describe a value's type, which the engine reads from the value itself.
 *
 * The namespace decides, not the prefix: the prefix must be bound (on the element or an
 * enclosing one) to the XML Schema namespace. Any other unresolved reference, and an item
 * type in another namespace, stays a refusal.
 */
export function isSchemaTypeReference(warning: Error): boolean {
  const { element, property, value } = warning as ReferenceWarning;
  if (element === undefined || typeof property !== 'string' || typeof value !== 'string') {
    return false;
  }
  const type = element.$descriptor?.propertiesByName?.[property]?.type;
  if (type !== 'bpmn:ItemDefinition') return false;
  const match = /^([A-Za-z_][\w.-]*):[A-Za-z_][\w.-]*$/.exec(value);
  const prefix = match?.[1];
  if (prefix === undefined) return false;
  // Elements nest a few dozen levels at most; the bound only guards against a cycle.
  let scope: MaybeElement | undefined = element;
  for (let depth = 0; scope !== undefined && depth < 1000; depth += 1) {
    const bound = scope.$attrs?.[`xmlns:${prefix}`];
    if (bound !== undefined) return bound === XML_SCHEMA_URI;
    scope = scope.$parent;
  }
  return false;
}
