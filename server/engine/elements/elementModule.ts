import type { ModdleNode } from 'bpmn-moddle';
import type { Reading } from '../parse/checkExtensions';
import type { DeployWarning, ExtensionAttribute } from '../parse/extensionDialects';
import type { MultiInstanceModel, NodeBase, ProcessNode, SequenceFlowModel } from '../processModel';
import type { RunContext, Token } from '../runner/runContext';

/** The kinds of node the engine runs (`userTask`, `exclusiveGateway`...). */
export type NodeKind = ProcessNode['kind'];

/** The model of one kind of node. */
export type NodeOf<K extends NodeKind> = Extract<ProcessNode, { kind: K }>;

/** What every node reads the same way: identity, flows and the sub-process it lies in. */
export type BaseFields = Pick<NodeBase, 'id' | 'name' | 'incoming' | 'outgoing' | 'scope'>;

/** Per-node reading context: the process-wide settings, the problems and warnings found. */
export interface NodeContext extends Reading {
  /** The sub-process the node lies in, or null at the process level. */
  readonly scope: string | null;
  readonly processProperties: Readonly<Record<string, string>>;
  readonly initiatorCanCompleteTask: boolean;
  /** The registered service handler names. */
  readonly serviceHandlers: { has(name: string): boolean };
  /** Settings read with a change the author should know of (a text cut to its limit). */
  readonly warnings: DeployWarning[];
  /** Whether a BPMN type is an activity that may be multi-instance and carry boundary events. */
  isScopedActivity(type: string): boolean;
}

/** What the shared reading found before the element's own: its base and definitions. */
export interface NodeReading {
  readonly base: BaseFields;
  /** Its multi-instance characteristics, when it has some (activities only). */
  readonly multiInstance: MultiInstanceModel | null;
  /** Its one event definition, when it has one (events only). */
  readonly definition: ModdleNode | undefined;
}

/** What an element's own graph rule sees: its outgoing flows and where to report. */
export interface GraphCheck {
  readonly nodes: ReadonlyMap<string, ProcessNode>;
  readonly flows: ReadonlyMap<string, SequenceFlowModel>;
  /** The flows leaving the node, in document order. */
  readonly outs: readonly SequenceFlowModel[];
  /** Refuses the node with this message. */
  fail(message: string): void;
}

/** How the shared graph checks treat a kind of node. */
export interface FlowRole {
  /**
   * Takes no incoming flow (a start or boundary event); the refusal when one arrives. A
   * function when only some nodes of the kind take none (a link catch event).
   */
  readonly noIncoming?: string | ((node: ProcessNode) => string | undefined);
  /** An end event: no flow leaves it, and paths end there. */
  readonly end?: boolean;
  /** An activity: one no flow leaves ends its path there (BPMN's implicit end). */
  readonly activity?: boolean;
  /** A gateway: the only kind that may have several outgoing flows. */
  readonly gateway?: boolean;
  /** Its outgoing flows may carry conditions, since it evaluates them. */
  readonly conditions?: boolean;
  /**
   * A wait state: a loop through it is not an endless automatic loop. A function when only
   * some nodes of the kind wait (an external service task does, a handler's does not).
   */
  readonly waits?: boolean | ((node: ProcessNode) => boolean);
}

/**
 * One kind of BPMN flow node: how it is read from the moddle node into the model, checked,
 * and run. Registered by BPMN type in `elements/index.ts`.
 */
export interface ElementModule<K extends NodeKind> {
  /** The model kind it reads into. */
  readonly kind: K;
  /** How the graph checks treat it. */
  readonly role: FlowRole;
  /** The extension attributes (any dialect) read on it; any other is refused. */
  readonly attributes?: ReadonlySet<string>;
  /** Extension elements it reads besides `camunda:properties`, by lower-case local name. */
  readonly readsExtension?: (local: string) => boolean;
  /** An extension attribute it accepts without reading (a modeller's harmless default). */
  readonly accepts?: (attribute: ExtensionAttribute) => boolean;
  /**
   * The event definition types it may carry, at the process level or in a sub-process (the
   * element itself tells an event sub-process's start event from others).
   */
  readonly eventDefinitions?: (scope: string | null, element: ModdleNode) => readonly string[];
  /** The extension attributes read on its event definition, when not the definition's own. */
  readonly definitionAttributes?: (definition: ModdleNode) => ReadonlySet<string> | undefined;
  /** An activity that may be multi-instance and carry boundary events. */
  readonly scopedActivity?: boolean;
  /**
   * Whether this element may be multi-instance though its kind is no scoped activity: an
   * external service task waits for its worker per item, as a user task waits per item.
   */
  readonly multiInstanceWhen?: (element: ModdleNode, reading: Reading) => boolean;
  /**
   * The nodes a token goes on to from this one other than by its sequence flows (a link
   * throw event's catch event): the graph checks and the runner follow them as flows.
   */
  readonly jumps?: (node: ProcessNode) => readonly string[];
  /** The model of the element, or undefined (with errors pushed) when it cannot be run. */
  read(element: ModdleNode, reading: NodeReading, context: NodeContext): NodeOf<K> | undefined;
  /** Its own graph rules, after the shared ones. */
  check?(node: NodeOf<K>, graph: GraphCheck): void;
  /**
   * What a token arriving at it does: moves on, waits, forks, ends... through the runner,
   * which steps each token by asking the module of its node's kind.
   */
  enter(node: NodeOf<K>, token: Token, run: RunContext): Promise<void>;
  /**
   * An activity the token rests in: its work, once per run of it (per item when it is
   * multi-instance, and as a compensation handler); the runner has already dealt with
   * multi-instance and boundary events.
   */
  execute?(node: NodeOf<K>, token: Token, run: RunContext): Promise<void>;
  /**
   * The event it waits for happened for the execution waiting on it (a timer came due, a
   * message was correlated, a signal reached it); false when that execution no longer
   * waits there. Only the kinds that wait for events have it.
   */
  caught?(node: NodeOf<K>, executionId: string, run: RunContext): Promise<boolean>;
}

/** The module of any one kind. */
export type AnyElementModule = { readonly [K in NodeKind]: ElementModule<K> }[NodeKind];
