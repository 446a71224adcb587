import type { ModdleNode } from 'bpmn-moddle';

/**
 * The BPMN extension namespaces whose attributes the engine reads. Camunda, Flowable and
 * Activiti spell the same task settings (`assignee`, `candidateGroups`, `formKey`...) in
 * their own namespace; one table, one reading, so a Flowable file means what a Camunda
 * file with the same attributes means.
 *
 * Camunda's meta-model is registered with bpmn-moddle, so its attributes arrive as typed
 * properties of the element; the other two arrive untyped in `$attrs`, keyed by whatever
 * prefix the file bound to the namespace.
 */
export const extensionDialects = [
  { name: 'camunda', uri: 'http://camunda.org/schema/1.0/bpmn', registered: true },
  { name: 'flowable', uri: 'http://flowable.org/bpmn', registered: false },
  { name: 'activiti', uri: 'http://activiti.org/bpmn', registered: false },
] as const;

export type DialectName = (typeof extensionDialects)[number]['name'];

/** One extension attribute found on an element, with the name the file spelled it with. */
export interface ExtensionAttribute {
  readonly dialect: DialectName;
  /** The local name (`assignee`). */
  readonly local: string;
  /** As written in the file (`flowable:assignee`), for messages. */
  readonly qualified: string;
  readonly value: string;
}

/**
 * Attributes of the unregistered dialects the engine reads, and those it may ignore
 * because they only tune job execution, which this engine does in the request.
 * Any other attribute of those namespaces is refused: ignoring it would change the meaning.
 */
const readAttributes: ReadonlySet<string> = new Set([
  'initiator',
  'formKey',
  'assignee',
  'candidateUsers',
  'candidateGroups',
  'dueDate',
  'priority',
  'type',
  'class',
  'expression',
  'delegateExpression',
]);
const ignorableAttributes: ReadonlySet<string> = new Set([
  'async',
  'exclusive',
  'formFieldValidation',
]);

/** Reads the extension attributes and elements of one parsed definitions document. */
export class ExtensionReader {
  /** Namespace prefix (as bound in the file) → dialect. */
  private readonly prefixes = new Map<string, DialectName>();

  constructor(root: ModdleNode) {
    this.bindPrefixes(root);
  }

  /** Learns the prefixes an element declares (`xmlns:flowable="..."`). */
  bindPrefixes(element: ModdleNode): void {
    for (const [name, value] of Object.entries(element.$attrs ?? {})) {
      if (!name.startsWith('xmlns:')) continue;
      const dialect = extensionDialects.find((entry) => entry.uri === value);
      if (dialect) this.prefixes.set(name.slice('xmlns:'.length), dialect.name);
    }
  }

  /** The dialect an extension element or attribute prefix belongs to, if any. */
  dialectOf(qualifiedName: string): DialectName | undefined {
    const colon = qualifiedName.indexOf(':');
    if (colon < 0) return undefined;
    const prefix = qualifiedName.slice(0, colon);
    if (prefix === 'camunda') return 'camunda';
    return this.prefixes.get(prefix);
  }

  /** Every extension attribute on the element, in table order (Camunda first). */
  attributes(element: ModdleNode, locals: Iterable<string>): ExtensionAttribute[] {
    const found: ExtensionAttribute[] = [];
    for (const local of locals) {
      const camunda = element[local];
      if (typeof camunda === 'string' && isCamundaProperty(element, local)) {
        found.push({ dialect: 'camunda', local, qualified: `camunda:${local}`, value: camunda });
      }
    }
    const wanted = new Set(locals);
    for (const attribute of this.unregisteredAttributes(element)) {
      if (wanted.has(attribute.local)) found.push(attribute);
    }
    return found;
  }

  /**
   * The one value of an attribute whatever its dialect; two dialects giving different
   * values on one element is refused through `conflict`.
   */
  attribute(
    element: ModdleNode,
    local: string,
    conflict: (message: string) => void,
  ): ExtensionAttribute | null {
    const found = this.attributes(element, [local]);
    const [first] = found;
    if (first === undefined) return null;
    const other = found.find((attribute) => attribute.value !== first.value);
    if (other) {
      conflict(
        `${first.qualified}="${first.value}" and ${other.qualified}="${other.value}" disagree`,
      );
    }
    return first;
  }

  /**
   * Flowable or Activiti attributes the engine neither reads nor may ignore. A dialect
   * attribute is also refused on an element where the engine would not read it (an
   * assignee on a service task means nothing here, so it must not be there).
   */
  unsupportedAttributes(element: ModdleNode, readHere: ReadonlySet<string>): ExtensionAttribute[] {
    return this.unregisteredAttributes(element).filter(
      (attribute) =>
        !ignorableAttributes.has(attribute.local) &&
        !(readAttributes.has(attribute.local) && readHere.has(attribute.local)),
    );
  }

  private unregisteredAttributes(element: ModdleNode): ExtensionAttribute[] {
    const found: ExtensionAttribute[] = [];
    for (const [qualified, value] of Object.entries(element.$attrs ?? {})) {
      if (qualified.startsWith('xmlns')) continue;
      const dialect = this.dialectOf(qualified);
      if (dialect === undefined || dialect === 'camunda') continue;
      found.push({
        dialect,
        local: qualified.slice(qualified.indexOf(':') + 1),
        qualified,
        value,
      });
    }
    return found;
  }
}

/** Whether `local` is a Camunda-defined property of the element's type (not a BPMN one). */
function isCamundaProperty(element: ModdleNode, local: string): boolean {
  const descriptor = element.$descriptor as
    { propertiesByName?: Record<string, { ns?: { prefix?: string } } | undefined> } | undefined;
  const property = descriptor?.propertiesByName?.[local];
  return property?.ns?.prefix === 'camunda';
}
