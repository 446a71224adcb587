import type { ModdleNode } from 'bpmn-moddle';
import { SEGREGATION_ATTRIBUTES } from '../taskSegregation';
import { ForeignExtensions } from './foreignExtensions';

/**
 * The BPMN extension namespaces whose attributes the engine reads. Camunda, Flowable and
 * Activiti spell the same task settings (`assignee`, `candidateGroups`, `formKey`...) in
 * their own namespace; one table, one reading, so a Flowable file means what a Camunda
 * file with the same attributes means.
 *
 * Camunda's meta-model is registered with bpmn-moddle, so its attributes arrive as typed
 * properties of the element; the other two arrive untyped in `$attrs`, under the dialect's
 * own prefix whatever prefix the file bound to the namespace (see `normalisedPrefixes`).
 */
export const extensionDialects = [
  { name: 'camunda', uri: 'http://camunda.org/schema/1.0/bpmn', registered: true },
  { name: 'flowable', uri: 'http://flowable.org/bpmn', registered: false },
  { name: 'activiti', uri: 'http://activiti.org/bpmn', registered: false },
] as const;

export type DialectName = (typeof extensionDialects)[number]['name'];

/**
 * The namespace of Activiti's (APS) modeller, whose `initiator-can-complete` extension
 * element says the same as our `initiatorCanCompleteTask`.
 */
export const APS_MODELER_URI = 'http://activiti.com/modeler';

/** The namespace Activiti 7's modeller binds its `activiti:` settings to. */
export const ACTIVITI_7_URI = 'http://activiti.org/schema/1.0/bpmn';

/**
 * The prefix each unregistered namespace is read under, whatever prefix the file bound it
 * to (`nsMap` of moddle's reader). Files from Activiti's own tools bind
 * `xmlns:camunda="http://activiti.org/bpmn"`; moddle would rename that prefix (`camunda` is
 * Camunda's) to an anonymous `ns0`, and its attributes would belong to no dialect. Read this
 * way, `activiti:` always means the Activiti namespace and `camunda:` always Camunda's.
 */
export const normalisedPrefixes: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    extensionDialects
      .filter((dialect) => !dialect.registered)
      .map((dialect) => [dialect.uri, dialect.name]),
  ),
  [APS_MODELER_URI]: 'apsModeler',
  // Activiti 7's modeller writes the same settings under a newer namespace.
  [ACTIVITI_7_URI]: 'activiti',
};

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
  'topic',
  'class',
  'expression',
  'delegateExpression',
  'collection',
  'elementVariable',
  'terminateAll',
  'terminateMultiInstance',
  'errorCodeVariable',
  'errorMessageVariable',
  'escalationCodeVariable',
  'initiatorCanCompleteTask',
  ...SEGREGATION_ATTRIBUTES,
]);
const ignorableAttributes: ReadonlySet<string> = new Set([
  'async',
  'exclusive',
  'formFieldValidation',
  'jobCategory',
]);

/**
 * Attributes of every dialect that only tune how a job executor would run the process.
 * This engine runs each step in the request that triggers it and keeps its history with
 * the instance, so they change nothing: they are accepted, but each is named in a warning
 * with the reason, so an author does not believe the setting is in force.
 */
const ignoredAttributeReasons: Readonly<Record<string, string>> = {
  async: 'every step runs in the request that triggers it; there are no asynchronous jobs',
  asyncBefore: 'every step runs in the request that triggers it; there are no asynchronous jobs',
  asyncAfter: 'every step runs in the request that triggers it; there are no asynchronous jobs',
  exclusive: 'there are no asynchronous jobs, so none needs to run exclusively',
  jobCategory: 'there are no asynchronous jobs to sort into categories',
  jobPriority: 'there are no asynchronous jobs to prioritise',
  taskPriority: 'workers fetch external tasks oldest first; there are no priorities',
  historyTimeToLive: 'history is kept with its instance until the instance is deleted',
  versionTag: 'versions are numbered on each deploy',
  isStartableInTasklist: 'staff may start every deployed process their privileges allow',
  formFieldValidation: "a form's fields are always validated by the form's own rules",
};

/**
 * Camunda attributes that only carry a modeller's bookkeeping (the element template an
 * element was made from, a link to a shared diagram): the template's settings are written
 * out as attributes of their own, which are read or refused one by one.
 */
const modellerBookkeeping: ReadonlySet<string> = new Set([
  'modelerTemplate',
  'modelerTemplateVersion',
  'diagramRelationId',
]);

/** A setting in a definition that is accepted but has no effect, named for the author. */
export interface DeployWarning {
  /** The BPMN id of the element carrying it, or null for the definitions element. */
  readonly elementId: string | null;
  /** The moddle type of that element, such as `bpmn:UserTask`. */
  readonly elementType: string | null;
  /** The attribute as the file spells it (`camunda:asyncBefore`). */
  readonly attribute: string;
  /** A sentence naming the element, the attribute and why it has no effect. */
  readonly message: string;
}

/** Reads the extension attributes and elements of one parsed definitions document. */
export class ExtensionReader {
  /**
   * Normalised prefix → the prefix the file bound its namespace to, for messages: the
   * reader sees every unregistered namespace under one name (see `normalisedPrefixes`),
   * the author wrote the prefix of their file.
   */
  private readonly spellings = new Map<string, string>();

  constructor(root: ModdleNode) {
    this.bindPrefixes(root);
  }

  /** Learns the prefixes an element declares (`xmlns:fl="http://flowable.org/bpmn"`). */
  bindPrefixes(element: ModdleNode): void {
    for (const [name, value] of Object.entries(element.$attrs ?? {})) {
      if (!name.startsWith('xmlns:')) continue;
      const normalised = normalisedPrefixes[value];
      if (normalised !== undefined && !this.spellings.has(normalised)) {
        this.spellings.set(normalised, name.slice('xmlns:'.length));
      }
    }
  }

  /** The dialect an extension element or attribute name belongs to, if any. */
  dialectOf(qualifiedName: string): DialectName | undefined {
    const colon = qualifiedName.indexOf(':');
    if (colon < 0) return undefined;
    const prefix = qualifiedName.slice(0, colon);
    return extensionDialects.find((dialect) => dialect.name === prefix)?.name;
  }

  /** A name as the file spells it (`camunda:taskListener` in a file binding Activiti's namespace to `camunda`). */
  spelled(qualifiedName: string): string {
    const colon = qualifiedName.indexOf(':');
    const prefix = colon < 0 ? undefined : this.spellings.get(qualifiedName.slice(0, colon));
    return prefix === undefined ? qualifiedName : `${prefix}${qualifiedName.slice(colon)}`;
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
   * Extension attributes the engine neither reads nor may ignore, of any dialect. An
   * attribute is also refused on an element where the engine would not read it (an
   * assignee on a service task means nothing here, so it must not be there). Camunda's
   * arrive typed, so moddle accepts every attribute its meta-model defines; only those the
   * file wrote count (a default such as `exclusive` is not the author's word).
   */
  unsupportedAttributes(element: ModdleNode, readHere: ReadonlySet<string>): ExtensionAttribute[] {
    const camunda = writtenCamundaAttributes(element).filter(
      (attribute) =>
        !readHere.has(attribute.local) &&
        !Object.hasOwn(ignoredAttributeReasons, attribute.local) &&
        !modellerBookkeeping.has(attribute.local),
    );
    const others = this.unregisteredAttributes(element).filter(
      (attribute) =>
        !ignorableAttributes.has(attribute.local) &&
        !(readAttributes.has(attribute.local) && readHere.has(attribute.local)),
    );
    return [...camunda, ...others];
  }

  /**
   * The attributes on one element, of any dialect, that are accepted without effect
   * (see `ignoredAttributeReasons`). Camunda's come typed, and only those the file wrote
   * count: the meta-model's defaults (`exclusive` is true) are not the author's words.
   */
  ignoredAttributes(element: ModdleNode): ExtensionAttribute[] {
    const found: ExtensionAttribute[] = [];
    for (const local of Object.keys(ignoredAttributeReasons)) {
      const value: unknown = Object.hasOwn(element, local) ? element[local] : undefined;
      if (value !== undefined && value !== null && isCamundaProperty(element, local)) {
        found.push({
          dialect: 'camunda',
          local,
          qualified: `camunda:${local}`,
          value: String(value),
        });
      }
    }
    for (const attribute of this.unregisteredAttributes(element)) {
      // The other dialects' ignorable attributes; any other is refused, not warned about.
      if (ignorableAttributes.has(attribute.local)) found.push(attribute);
    }
    return found;
  }

  /**
   * Warnings for every ignored attribute in the document, in document order. The walk
   * follows contained elements only (a `sourceRef` is a reference, met again where it is
   * contained) with an explicit stack, so a deeply nested file cannot overflow it.
   */
  ignoredAttributeWarnings(root: ModdleNode): DeployWarning[] {
    const warnings: DeployWarning[] = [];
    const foreign = new ForeignExtensions(
      (qualified) => this.dialectOf(qualified) !== undefined || qualified.startsWith('bpmn:'),
    );
    const seen = new Set<ModdleNode>();
    const stack: ModdleNode[] = [root];
    while (stack.length > 0) {
      const element = stack.pop() as ModdleNode;
      if (seen.has(element)) continue;
      seen.add(element);
      this.bindPrefixes(element);
      for (const attribute of this.ignoredAttributes(element)) {
        warnings.push(ignoredWarning(element, attribute));
      }
      foreign.note(element);
      stack.push(...containedElements(element).reverse());
    }
    return [...warnings, ...foreign.warnings((qualified) => this.spelled(qualified))];
  }

  /**
   * The element's Flowable and Activiti attributes, named as the file spells them. The raw
   * list is read from `$attrs` once per element: a user task is asked for a dozen names.
   */
  private unregisteredAttributes(element: ModdleNode): ExtensionAttribute[] {
    let raw = this.rawAttributes.get(element);
    if (raw === undefined) {
      raw = [];
      for (const [qualified, value] of Object.entries(element.$attrs ?? {})) {
        if (qualified.startsWith('xmlns')) continue;
        const dialect = this.dialectOf(qualified);
        if (dialect === undefined || dialect === 'camunda') continue;
        raw.push({ dialect, local: qualified.slice(qualified.indexOf(':') + 1), qualified, value });
      }
      this.rawAttributes.set(element, raw);
    }
    // Spelled on each call: a prefix may be learned after the element was first read.
    return raw.map((attribute) => ({ ...attribute, qualified: this.spelled(attribute.qualified) }));
  }

  /** Each element's dialect attributes as moddle normalised their names. */
  private readonly rawAttributes = new WeakMap<ModdleNode, ExtensionAttribute[]>();
}

function ignoredWarning(element: ModdleNode, attribute: ExtensionAttribute): DeployWarning {
  const id = typeof element.id === 'string' ? element.id : null;
  const reason = ignoredAttributeReasons[attribute.local] ?? 'it has no effect here';
  return {
    elementId: id,
    elementType: element.$type,
    attribute: attribute.qualified,
    message: `${element.$type} '${id ?? '(no id)'}': ${attribute.qualified}="${attribute.value}" is ignored: ${reason}`,
  };
}

/** A type's meta-model description, shared by every element of the type. */
interface TypeDescriptor {
  readonly properties?: readonly { name: string; isReference?: boolean; isAttr?: boolean }[];
}

/** The names of the properties that contain child elements, per type, found once per type. */
const containmentNames = new WeakMap<TypeDescriptor, readonly string[]>();

/** The child elements an element contains, per its meta-model (references excluded). */
function containedElements(element: ModdleNode): ModdleNode[] {
  const descriptor = element.$descriptor as TypeDescriptor | undefined;
  const children: ModdleNode[] = [];
  if (descriptor === undefined) return children;
  let names = containmentNames.get(descriptor);
  if (names === undefined) {
    names = (descriptor.properties ?? [])
      .filter((property) => property.isReference !== true && property.isAttr !== true)
      .map((property) => property.name);
    containmentNames.set(descriptor, names);
  }
  for (const name of names) {
    if (!Object.hasOwn(element, name)) continue;
    const value: unknown = element[name];
    for (const item of Array.isArray(value) ? value : [value]) {
      if (isModdleNode(item)) children.push(item);
    }
  }
  return children;
}

function isModdleNode(value: unknown): value is ModdleNode {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { $type?: unknown }).$type === 'string'
  );
}

/** The Camunda attributes the file wrote on the element, as moddle typed them. */
function writtenCamundaAttributes(element: ModdleNode): ExtensionAttribute[] {
  const descriptor = element.$descriptor as
    | {
        properties?: readonly {
          name: string;
          isAttr?: boolean;
          ns?: { prefix?: string; localName?: string };
        }[];
      }
    | undefined;
  const found: ExtensionAttribute[] = [];
  for (const property of descriptor?.properties ?? []) {
    if (property.isAttr !== true || property.ns?.prefix !== 'camunda') continue;
    if (!Object.hasOwn(element, property.name)) continue;
    const value: unknown = element[property.name];
    if (value === undefined || value === null) continue;
    const local = property.ns.localName ?? property.name;
    found.push({
      dialect: 'camunda',
      local,
      qualified: `camunda:${local}`,
      value: typeof value === 'string' ? value : String(value),
    });
  }
  return found;
}

/** Whether `local` is a Camunda-defined property of the element's type (not a BPMN one). */
function isCamundaProperty(element: ModdleNode, local: string): boolean {
  const descriptor = element.$descriptor as
    { propertiesByName?: Record<string, { ns?: { prefix?: string } } | undefined> } | undefined;
  const property = descriptor?.propertiesByName?.[local];
  return property?.ns?.prefix === 'camunda';
}
