/**
 * The executable form of a deployed BPMN process, kept as JSON in
 * `process_definitions.model`. Expressions stay as source text: they were checked at
 * deploy and are re-parsed (cheaply, with a cache) when the engine needs them.
 */
export interface ProcessModel {
  /** The BPMN process id; versions of one process share it. */
  readonly key: string;
  /** The process name (the key when the BPMN has none). */
  readonly name: string;
  /** `camunda:property name="category"` on the process, else the definitions' targetNamespace. */
  readonly category: string;
  /** `camunda:versionTag`, an author's label; the deployed version number is separate. */
  readonly versionTag: string | null;
  /** The process documentation text, if any. */
  readonly description: string | null;
  /** Process-wide default for the user tasks' `initiatorCanCompleteTask`. */
  readonly initiatorCanCompleteTask: boolean;
  /** `camunda:initiator` on the start event: the variable that receives the starter's id. */
  readonly initiatorVariable: string | null;
  /** The id of the single none start event. */
  readonly startEventId: string;
  /**
   * `camunda:property name="businessKeyPrefix"` on the process (`LN`): each instance started
   * without a business key of its own gets the tenant's next `LN-<year>-<number>`.
   */
  readonly businessKeyPrefix?: string | null;
  /**
   * `camunda:property name="caseName"` on the process (`${firstName} ${lastName}`): the
   * template an instance is shown by once every value it reads is known.
   */
  readonly caseName?: string | null;
  /** `formKey` on the start event (any dialect): the form that starts the process, if any. */
  readonly startFormKey?: string | null;
  /**
   * Message start events by message name: a correlated message with no waiting instance
   * starts the latest version whose start event waits for it.
   */
  readonly messageStarts?: Readonly<Record<string, string>>;
  /**
   * Signal start events by signal name: a signal sent or thrown in the tenant starts the
   * latest live version of every process with one.
   */
  readonly signalStarts?: Readonly<Record<string, string>>;
  /** Flow nodes by id, those inside sub-processes too (their `scope` names the sub-process). */
  readonly nodes: Readonly<Record<string, ProcessNode>>;
  /** Sequence flows by id. */
  readonly flows: Readonly<Record<string, SequenceFlowModel>>;
}

/** What every flow node has: identity and its sequence flows (ids, in document order). */
export interface NodeBase {
  readonly id: string;
  readonly name: string | null;
  readonly incoming: readonly string[];
  readonly outgoing: readonly string[];
  /** The embedded sub-process the node lies in; absent or null at the process level. */
  readonly scope?: string | null;
  /** Boundary events attached to this activity, in document order. */
  readonly boundaryEvents?: readonly string[];
  /** Multi-instance characteristics: user tasks, sub-processes, call activities, external tasks. */
  readonly multiInstance?: MultiInstanceModel | null;
  /**
   * `isForCompensation`: a compensation handler, reached only through the association from
   * a compensation boundary event; no flow enters or leaves it.
   */
  readonly forCompensation?: boolean;
}

/** `multiInstanceLoopCharacteristics`: how many instances run, one by one or side by side. */
export interface MultiInstanceModel {
  readonly sequential: boolean;
  /** `loopCardinality`: a number or a `${...}` giving one. */
  readonly cardinality: string | null;
  /** `collection`: a variable name or a `${...}` naming a list. */
  readonly collection: string | null;
  /** `elementVariable`: each instance's own item of the collection. */
  readonly elementVariable: string | null;
  /** `completionCondition`: a `${...}` ending the remaining instances once it holds. */
  readonly completionCondition: string | null;
}

/** When a timer fires: after a duration, at a date, or repeatedly (`R3/PT1H`). */
export interface TimerModel {
  readonly type: 'duration' | 'date' | 'cycle';
  /** The ISO text, or a `${...}` giving it. */
  readonly value: string;
}

/**
 * How far a signal reaches (Flowable's `scope` on the `<signal>`): `global`, every wait of
 * its name in the tenant; `processInstance`, the waits of the instance it is thrown in,
 * whose waits no other instance's throw and no sent signal reach either.
 */
export type SignalScope = 'global' | 'processInstance';

/** A signal: its name and how far it reaches. */
export interface SignalModel {
  readonly signalName: string;
  readonly scope: SignalScope;
}

/** What an intermediate catch or boundary event waits for. */
export type EventTrigger =
  | { readonly type: 'timer'; readonly timer: TimerModel }
  | { readonly type: 'message'; readonly messageName: string }
  | ({ readonly type: 'signal' } & SignalModel)
  | { readonly type: 'error'; readonly errorCode: string | null }
  /** An escalation: a catcher without a code catches any escalation. */
  | { readonly type: 'escalation'; readonly escalationCode: string | null }
  /** A link catch event waits for nothing: a link throw event of its name leads to it. */
  | { readonly type: 'link'; readonly linkName: string }
  /**
   * A compensation boundary event waits for nothing: it names its activity's compensation
   * handler (`handler`), run when a compensation throw reaches the completed activity.
   */
  | { readonly type: 'compensation'; readonly handler: string }
  /** A cancel boundary event on a transaction: its cancel end event leaves over it. */
  | { readonly type: 'cancel' };

/**
 * What a compensation throw or end event compensates: one activity of its scope
 * (`activityRef`) or every one, and whether the token waits for the handlers.
 */
export interface CompensationModel {
  /** The activity whose completions are compensated; null for every activity of the scope. */
  readonly activityRef: string | null;
  /** `waitForCompletion` (true by default): the token goes on once the handlers have finished. */
  readonly waitForCompletion: boolean;
}

/** An escalation an intermediate throw or end event raises: always with its code. */
export interface EscalationModel {
  readonly escalationCode: string;
}

/**
 * The process variables a caught error or escalation is stored in (Camunda's
 * `errorCodeVariable`, `errorMessageVariable`, `escalationCodeVariable`).
 */
export interface CaughtEventVariables {
  /** An error catcher's `errorCodeVariable`: the process variable given the caught code. */
  readonly errorCodeVariable?: string;
  /** An error catcher's `errorMessageVariable`: the process variable given its message. */
  readonly errorMessageVariable?: string;
  /** An escalation catcher's `escalationCodeVariable`: the variable given the caught code. */
  readonly escalationCodeVariable?: string;
}

/**
 * What starts an event sub-process: the event its start event waits for while the enclosing
 * process or sub-process runs, and whether it interrupts that scope.
 */
export interface EventSubProcessStart extends CaughtEventVariables {
  readonly trigger: EventTrigger;
  /** `isInterrupting` (true by default): the rest of the enclosing scope is cancelled. */
  readonly interrupting: boolean;
}

/** The none start event where a token is born. */
export interface StartEventNode extends NodeBase {
  readonly kind: 'startEvent';
  /** The message a message start event waits for. */
  readonly messageName?: string | null;
  /** The signal a signal start event waits for. */
  readonly signalName?: string | null;
  /** The start event of an event sub-process: what triggers it, instead of a flow. */
  readonly eventSubProcess?: EventSubProcessStart;
}

/** A none end event: the token arriving here is consumed. */
export interface EndEventNode extends NodeBase {
  readonly kind: 'endEvent';
  /** A terminate end event ends its whole scope: open tasks, timers and waits are cancelled. */
  readonly terminate?: boolean;
  /**
   * `terminateAll`: wherever it lies, the terminate end event ends the whole instance and
   * every instance that called it, up to the first.
   */
  readonly terminateAll?: boolean;
  /**
   * `terminateMultiInstance`: ends every item of the nearest enclosing multi-instance
   * activity, which then completes; with none around, a plain terminate end event.
   */
  readonly terminateMultiInstance?: boolean;
  /** An error end event throws this error code to the nearest catching boundary event. */
  readonly errorCode?: string | null;
  /** Whether the end event throws an error (the code may be absent). */
  readonly throwsError?: boolean;
  /** `camunda:errorMessage` of the thrown error: text or a `${...}` rendered when thrown. */
  readonly errorMessage?: string | null;
  /** A signal end event broadcasts this signal, then the path ends. */
  readonly signal?: SignalModel;
  /** An escalation end event raises this escalation, then the path ends. */
  readonly escalation?: EscalationModel;
  /** A compensation end event runs the handlers of its scope's completed activities. */
  readonly compensation?: CompensationModel;
  /**
   * A cancel end event (inside a transaction only): the transaction's completed activities
   * are compensated, then it is left over its cancel boundary event.
   */
  readonly cancel?: boolean;
}

/**
 * An intermediate throw event: a signal is broadcast and the token goes on; a link leads
 * the token to its catch event; a none throw event (a milestone drawn on the path) lets it
 * pass.
 */
export interface ThrowEventNode extends NodeBase {
  readonly kind: 'throwEvent';
  readonly signal?: SignalModel;
  /**
   * A link throw event: the token goes on at the link catch event of the same name in the
   * same process or sub-process (`target`, found once every node is read).
   */
  readonly link?: { readonly linkName: string; readonly target: string };
  /** An escalation throw event raises this escalation and the token goes on. */
  readonly escalation?: EscalationModel;
  /** A compensation throw event runs the handlers of its scope's completed activities. */
  readonly compensation?: CompensationModel;
}

/** Forks onto every flow whose condition holds; joins the tokens that can still arrive. */
export interface InclusiveGatewayNode extends NodeBase {
  readonly kind: 'inclusiveGateway';
  readonly defaultFlow: string | null;
}

/** An embedded sub-process: its own start event, run in a scope of its own. */
export interface SubProcessNode extends NodeBase {
  readonly kind: 'subProcess';
  readonly startEventId: string;
  /** A `<transaction>`: its cancel end event compensates it and leaves over its cancel boundary. */
  readonly transaction?: boolean;
}

/**
 * An event sub-process (`triggeredByEvent="true"`): no flow enters or leaves it; its start
 * event's trigger starts it while its enclosing process or sub-process runs.
 */
export interface EventSubProcessNode extends NodeBase {
  readonly kind: 'eventSubProcess';
  /** Its one start event, which carries the trigger. */
  readonly startEventId: string;
}

/** One in/out variable mapping of a call activity. */
export interface VariableMapping {
  /** A variable name, or null when `sourceExpression` or `all` is used. */
  readonly source: string | null;
  readonly sourceExpression: string | null;
  readonly target: string | null;
  /** `variables="all"`: every variable is copied. */
  readonly all: boolean;
}

/** Starts the latest version of another process and waits for it to end. */
export interface CallActivityNode extends NodeBase {
  readonly kind: 'callActivity';
  readonly calledElement: string;
  readonly inputs: readonly VariableMapping[];
  readonly outputs: readonly VariableMapping[];
}

/** Waits at an intermediate catch event for a timer, a message or a signal; or a link's target. */
export interface CatchEventNode extends NodeBase {
  readonly kind: 'catchEvent';
  readonly trigger: EventTrigger;
}

/** An event on an activity's border: a timer, message, signal, error or escalation leads out of it. */
export interface BoundaryEventNode extends NodeBase, CaughtEventVariables {
  readonly kind: 'boundaryEvent';
  readonly attachedTo: string;
  /** Interrupting (the default) cancels the activity; non-interrupting runs beside it. */
  readonly cancelActivity: boolean;
  readonly trigger: EventTrigger;
}

/**
 * The instant a due-date duration is added to. A task is due a while after it appears,
 * so `taskCreated` is the default; `instanceStart` suits a deadline for the whole case.
 */
export type DueDateFrom = 'taskCreated' | 'instanceStart';

/** A wait state that becomes a task row for people to claim and complete. */
export interface UserTaskNode extends NodeBase {
  readonly kind: 'userTask';
  /** `formKey` (Camunda, Flowable or Activiti): which form the task page shows. */
  readonly formKey: string | null;
  /** `assignee` (any dialect, or `humanPerformer`): a user id or a `${...}` template. */
  readonly assignee: string | null;
  /** `camunda:candidateUsers`, split on commas outside `${...}`. */
  readonly candidateUsers: readonly string[];
  /** `camunda:candidateGroups`, split on commas outside `${...}`. */
  readonly candidateGroups: readonly string[];
  /** `camunda:dueDate`: an ISO duration, or a `${...}` naming a date or a duration. */
  readonly dueDate: string | null;
  /** What a due-date duration counts from: the task's creation unless the definition says so. */
  readonly dueDateFrom: DueDateFrom;
  /** `camunda:priority`: a number or a `${...}`; 50 when absent, as in Flowable. */
  readonly priority: string | null;
  /** Whether the process starter may claim and complete this task without being a candidate. */
  readonly initiatorCanCompleteTask: boolean;
  /** Who must not perform this task (four eyes); absent when the task excludes nobody. */
  readonly segregation?: TaskSegregation;
  /**
   * The task's BPMN `documentation`: instructions for the person who does it, trimmed, several
   * joined by a blank line, `${...}` filled in when the task is made; absent without one.
   */
  readonly documentation?: string;
}

/**
 * Segregation of duties on a user task (`excludePerformersOf`, `excludeInitiator`,
 * `excludeAnyPerformer` in any dialect): the people of the instance who may not claim, be
 * given or complete it.
 */
export interface TaskSegregation {
  /** User task ids of this process: whoever completed one of them in the instance. */
  readonly performersOf: readonly string[];
  /** Whoever started the instance. */
  readonly initiator: boolean;
  /** Whoever completed any task of the instance. */
  readonly anyPerformer: boolean;
}

/**
 * An automatic step: run in the server by a registered handler, or done by a worker outside
 * it (an external task), which the token waits for.
 */
export type ServiceTaskNode = HandlerServiceTaskNode | ExternalServiceTaskNode;

/** A service task run by a handler registered in the server under `handler`. */
export interface HandlerServiceTaskNode extends NodeBase {
  readonly kind: 'serviceTask';
  /** `camunda:type`: the name the handler is registered under. */
  readonly handler: string;
  /** `camunda:property` values handed to the handler, `${...}` rendered at run time. */
  readonly properties: Readonly<Record<string, string>>;
  readonly external?: undefined;
}

/**
 * A service task done outside the server: Camunda's `camunda:type="external"` or Flowable's
 * `flowable:type="external-worker"`, with a `topic`. No code of ours runs; the token waits
 * while a worker fetches the task by its topic, does the work and completes it.
 */
export interface ExternalServiceTaskNode extends NodeBase {
  readonly kind: 'serviceTask';
  readonly external: ExternalTaskModel;
  /** Always empty: a worker is handed the process variables, not properties. */
  readonly properties: Readonly<Record<string, string>>;
  readonly handler?: undefined;
}

/** What an external task is offered under. */
export interface ExternalTaskModel {
  /** The plain name workers fetch by (`creditBureau`); never an expression. */
  readonly topic: string;
}

/** A plain `task` or `manualTask`: no behaviour of its own, so the token passes (as in Flowable). */
export interface NoopTaskNode extends NodeBase {
  readonly kind: 'noopTask';
}

/**
 * A receive task: the token waits in it for a message by name, as at an intermediate
 * message catch event; as an activity it may be multi-instance and carry boundary events.
 */
export interface ReceiveTaskNode extends NodeBase {
  readonly kind: 'receiveTask';
  readonly messageName: string;
}

/** Takes the first outgoing flow whose condition holds, else the default flow. */
export interface ExclusiveGatewayNode extends NodeBase {
  readonly kind: 'exclusiveGateway';
  readonly defaultFlow: string | null;
}

/** Forks a token onto every outgoing flow; joins by waiting for one token per incoming flow. */
export interface ParallelGatewayNode extends NodeBase {
  readonly kind: 'parallelGateway';
}

/**
 * Waits for the first of the events its flows lead to (intermediate catch events): that
 * one's path is taken, and the other events' timers and waits are removed.
 */
export interface EventBasedGatewayNode extends NodeBase {
  readonly kind: 'eventBasedGateway';
}

/** Any supported flow node. */
export type ProcessNode =
  | StartEventNode
  | EndEventNode
  | UserTaskNode
  | ServiceTaskNode
  | NoopTaskNode
  | ReceiveTaskNode
  | ExclusiveGatewayNode
  | ParallelGatewayNode
  | InclusiveGatewayNode
  | EventBasedGatewayNode
  | SubProcessNode
  | EventSubProcessNode
  | CallActivityNode
  | CatchEventNode
  | ThrowEventNode
  | BoundaryEventNode;

/** A sequence flow; `condition` is the `${...}` source text when the flow has one. */
export interface SequenceFlowModel {
  readonly id: string;
  readonly name: string | null;
  readonly source: string;
  readonly target: string;
  readonly condition: string | null;
}
