import type { FormKind, NormalizedForm } from '../../../schemas/forms';
import { listCombinedRefs } from '../../../src/core/forms/compiler';
import { FIELD_CATALOG } from '../../../plugins/catalog';
import type { ExpressionNode } from '../expressions/expressionAst';
import type { DeployWarning } from '../parse/extensionDialects';
import { endsImplicitly } from '../parse/endsImplicitly';
import { ExpressionSyntaxError } from '../expressions/expressionSyntaxError';
import { parseCondition } from '../expressions/parseExpression';
import { isTemplate, parseTemplate } from '../expressions/parseTemplate';
import type { ProcessModel, ProcessNode } from '../processModel';
import { bpmnTypeOf } from '../elements/bpmnTypeOf';
import { jumpsOf } from '../elements';
import { compileForm } from '../../../plugins/compiler';

/** The stable codes of the warnings {@link checkProcessForms} gives. */
export const ProcessFormWarningCode = {
  /** Nothing on any path from the start writes the variable before it is read. */
  notWritten: 'processVariable.notWritten',
  /** Some paths from the start write the variable before it is read, others do not. */
  notWrittenOnEveryPath: 'processVariable.notWrittenOnEveryPath',
  /** A user task (or the start event) names a form the given forms do not hold. */
  formNotFound: 'processForm.notFound',
} as const;
/** One of {@link ProcessFormWarningCode}. */
export type ProcessFormWarningCode =
  (typeof ProcessFormWarningCode)[keyof typeof ProcessFormWarningCode];

/**
 * A read the process makes of a variable that may not be there, named by its place: the
 * element (`elementId`, `elementType`), what on it reads (`attribute`: `name`,
 * `conditionExpression`, `assignee`, `property:approvalTask`, `document:<template>`...) and
 * the variable. A deploy answers these beside its other warnings.
 */
export interface ProcessFormWarning extends DeployWarning {
  readonly code: ProcessFormWarningCode;
  /** The variable read (the first name of a dotted path), or the form key not found. */
  readonly variable: string;
}

/** A document template of the process's reports and the variables its tags read. */
export interface DocumentTemplateReads {
  readonly name: string;
  readonly variables: readonly string[];
}

/** What the process is checked against besides its own definition. */
export interface CheckProcessFormsOptions {
  /** The compiled forms its user tasks and start event name, by form key. */
  readonly forms: ReadonlyMap<string, NormalizedForm>;
  /** The variables a service handler declares it sets; none when it declares nothing. */
  readonly handlerOutputs?: (handler: string) => readonly string[] | undefined;
  /** Variables every start sets besides the initiator's and the start form's. */
  readonly startVariables?: readonly string[];
  /** Document templates filled from the instance (its reports); read when it has ended. */
  readonly documents?: readonly DocumentTemplateReads[];
  /**
   * Whether a form key the forms do not hold is a warning. A folder of files is the whole
   * set, so a missing one is a slip; at deploy a form may well be stored after its process.
   */
  readonly reportMissingForms?: boolean;
}

/**
 * What the start call may set besides the initiator: `metaData`, the record a process is
 * started from (spec 001, the start payload of a delete process). The start drawer sends
 * nothing else.
 */
export const START_CALL_VARIABLES: readonly string[] = ['metaData'];

/**
 * The values a report's template finds beside the instance's variables (see
 * `processInstanceSource` in server/documents/documentSubjects.ts).
 */
const INSTANCE_DOCUMENT_VALUES: ReadonlySet<string> = new Set([
  'processInstanceId',
  'processInstanceName',
  'processDefinitionName',
  'startedBy',
  'startedAt',
  'endedAt',
  'status',
  'generatedAt',
  'tasks',
]);

/** The counters every item of a multi-instance activity sees. */
const MULTI_INSTANCE_COUNTERS = [
  'loopCounter',
  'nrOfInstances',
  'nrOfCompletedInstances',
  'nrOfActiveInstances',
] as const;

/** A set of variables, or `all`: a point no path reaches yet, or after an unknown write. */
type Known = ReadonlySet<string> | 'all';

/** What is written at a node: before it runs (`in`) and once it has run (`out`). */
interface NodeState {
  must: { in: Known; out: Known };
  may: { in: Known; out: Known };
}

/** The forms a process names: its start event's and each user task's form key. */
export function formKeysOf(model: ProcessModel): string[] {
  const keys = new Set<string>();
  if (model.startFormKey) keys.add(model.startFormKey);
  for (const node of Object.values(model.nodes)) {
    if (node.kind === 'userTask' && node.formKey !== null) keys.add(node.formKey);
  }
  return [...keys];
}

/** A stored form definition as the compiler takes it. */
export interface FormSource {
  readonly kind: FormKind;
  readonly definition: unknown;
}

/**
 * Compiles the forms a process names from a set of definitions by id, a combined task's
 * `{ ref }` forms resolved from the same set. A key without a definition, or one that does
 * not compile, is left out: the task then writes nothing.
 */
export function compileProcessForms(
  model: ProcessModel,
  sources: ReadonlyMap<string, FormSource>,
): Map<string, NormalizedForm> {
  const forms = new Map<string, NormalizedForm>();
  for (const key of formKeysOf(model)) {
    const source = sources.get(key);
    if (source === undefined) continue;
    const result = compileForm(source.definition, {
      kind: source.kind,
      formId: key,
      resolveForm: (ref) => sources.get(ref)?.definition,
    });
    if (result.form) forms.set(key, result.form);
  }
  return forms;
}

/** The form ids the definitions of a combined task name, for a host that fetches them. */
export function referencedFormIds(sources: ReadonlyMap<string, FormSource>): string[] {
  const ids = new Set<string>();
  for (const source of sources.values()) {
    if (source.kind !== 'combined') continue;
    for (const ref of listCombinedRefs(source.definition)) {
      if (!sources.has(ref)) ids.add(ref);
    }
  }
  return [...ids];
}

/**
 * The variables a document template reads: its plain `{tag}`s outside any `{#section}`
 * (inside one, a tag reads the section's item first, which no process check can follow),
 * by the first name of a dotted tag. A section's own name is a test, not a read.
 */
export function documentTemplateReads(
  name: string,
  texts: readonly string[],
): DocumentTemplateReads {
  const variables = new Set<string>();
  let depth = 0;
  for (const text of texts) {
    for (const match of text.matchAll(/\{([#^/]?)\s*([^{}]*?)\s*\}/g)) {
      const [, mark = '', tag = ''] = match;
      if (mark === '#' || mark === '^') depth += 1;
      else if (mark === '/') depth = Math.max(0, depth - 1);
      else if (depth === 0) {
        const root = tag.split('.')[0] ?? '';
        if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(root)) variables.add(root);
      }
    }
  }
  return { name, variables: [...variables] };
}

/**
 * The variables completing a task with this form writes: every field that keeps a value
 * and that the assignee fills or the form computes (read-only inputs only show what is
 * there), and the outcome variable of the part that submits. A field hidden by its
 * condition, or left empty when optional, still counts: the form is meant to write it.
 */
export function formWrites(form: NormalizedForm): string[] {
  const written = new Set<string>();
  for (const section of form.sections) {
    for (const field of section.fields) {
      if (field.valueType === 'none') continue;
      if (!field.readOnly || FIELD_CATALOG.rulesOf(field.type).computed) written.add(field.id);
    }
  }
  // A combined task completes from its last usable part, whose outcome variable is set.
  const submitting = form.parts ? form.parts.filter((part) => part.resolved).at(-1) : form;
  if (submitting?.outcomeVariableName) written.add(submitting.outcomeVariableName);
  return [...written];
}

/** A `${...}` read on an element, to check against what is written where it is read. */
interface ReadSite {
  readonly elementId: string;
  readonly elementType: string;
  readonly attribute: string;
  readonly variables: readonly string[];
  /** What is written there, on every path and on some. */
  readonly must: Known;
  readonly may: Known;
}

/**
 * Checks that every variable a process reads is written before it is read, on every path
 * from the start: task names, assignees, candidates, due dates and priorities, flow
 * conditions, service task properties, multi-instance settings, timers, call mappings,
 * and the document templates of its reports (read at its end events). Written are the
 * initiator variable, `START_CALL_VARIABLES`, the start form's fields, each earlier user
 * task's form fields and outcome (`<taskId>Outcome`, the form's outcome variable), the
 * outputs service handlers declare, a call activity's `out` targets, and inside a
 * multi-instance activity its element variable and counters.
 *
 * A must-be-written analysis over the graph (intersection where paths meet, union after
 * a parallel join, whose branches all ran), iterated to a fixed point, so a loop's back
 * edge neither helps nor hurts; a second, may-be-written pass tells a variable nothing
 * writes from one some branch does not. Pure and never throws for a model deploy accepted.
 */
export function checkProcessForms(
  model: ProcessModel,
  options: CheckProcessFormsOptions,
): ProcessFormWarning[] {
  const warnings: ProcessFormWarning[] = [];
  const nodes = Object.values(model.nodes);
  // 1. What each node writes and what the start writes.
  const writesOf = new Map<string, Known>();
  for (const node of nodes) writesOf.set(node.id, nodeWrites(node, options));
  const start = new Set<string>([...START_CALL_VARIABLES, ...(options.startVariables ?? [])]);
  if (model.initiatorVariable !== null) start.add(model.initiatorVariable);
  const startForm = model.startFormKey ? options.forms.get(model.startFormKey) : undefined;
  for (const name of startForm ? formWrites(startForm) : []) start.add(name);
  if (options.reportMissingForms) warnings.push(...missingForms(model, options.forms));

  // 2. Solve both analyses to their fixed points.
  const states = solve(model, start, writesOf);

  // 3. Check each read against what is written where it happens.
  const sites: ReadSite[] = [];
  for (const node of nodes) sites.push(...readSites(model, node, states));
  for (const site of sites) {
    for (const variable of site.variables) {
      if (has(site.must, variable)) continue;
      const never = !has(site.may, variable);
      warnings.push(
        warning(
          site,
          variable,
          never ? ProcessFormWarningCode.notWritten : ProcessFormWarningCode.notWrittenOnEveryPath,
          `${site.elementType} '${site.elementId}': ${site.attribute} reads '${variable}', ${
            never
              ? 'which nothing writes before it (no earlier form field, start variable or service task output)'
              : 'which is not written on every path that leads here'
          }`,
        ),
      );
    }
  }

  // 4. Reports are filled once the case has ended: at each end of the process (an end
  //    event, or an activity no flow leaves, once it has written its own).
  const ends = nodes.filter((node) => (node.scope ?? null) === null && completesScope(node));
  for (const document of options.documents ?? []) {
    const reported = new Set<string>();
    for (const end of ends) {
      const state = states.get(end.id);
      if (state === undefined) continue;
      for (const variable of document.variables) {
        if (INSTANCE_DOCUMENT_VALUES.has(variable) || reported.has(variable)) continue;
        if (has(state.must.out, variable)) continue;
        reported.add(variable);
        const never = !has(state.may.out, variable);
        warnings.push(
          warning(
            {
              elementId: end.id,
              elementType: bpmnTypeOf(end),
              attribute: `document:${document.name}`,
            },
            variable,
            never
              ? ProcessFormWarningCode.notWritten
              : ProcessFormWarningCode.notWrittenOnEveryPath,
            `document template '${document.name}' reads '${variable}', which ${
              never ? 'nothing writes' : 'is not written on every path'
            } before the case ends at ${bpmnTypeOf(end)} '${end.id}'`,
          ),
        );
      }
    }
  }
  return dedupe(warnings);
}

function warning(
  place: Pick<ReadSite, 'elementId' | 'elementType' | 'attribute'>,
  variable: string,
  code: ProcessFormWarningCode,
  message: string,
): ProcessFormWarning {
  return {
    code,
    elementId: place.elementId,
    elementType: place.elementType,
    attribute: place.attribute,
    variable,
    message,
  };
}

/** One warning per place and variable: a name reading a variable twice says so once. */
function dedupe(warnings: readonly ProcessFormWarning[]): ProcessFormWarning[] {
  const seen = new Set<string>();
  return warnings.filter((item) => {
    const key = [item.code, item.elementId, item.attribute, item.variable].join('\u0000');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function missingForms(
  model: ProcessModel,
  forms: ReadonlyMap<string, NormalizedForm>,
): ProcessFormWarning[] {
  const found: ProcessFormWarning[] = [];
  const named: [ProcessNode | undefined, string | null | undefined][] = [
    [model.nodes[model.startEventId], model.startFormKey],
    ...Object.values(model.nodes).map((node): [ProcessNode, string | null] => [
      node,
      node.kind === 'userTask' ? node.formKey : null,
    ]),
  ];
  for (const [node, key] of named) {
    if (node === undefined || !key || forms.has(key)) continue;
    found.push(
      warning(
        { elementId: node.id, elementType: bpmnTypeOf(node), attribute: 'formKey' },
        key,
        ProcessFormWarningCode.formNotFound,
        `${bpmnTypeOf(node)} '${node.id}': formKey names '${key}', which is not among the forms`,
      ),
    );
  }
  return found;
}

/** What running a node adds to the variables: `all` when it cannot be known. */
function nodeWrites(node: ProcessNode, options: CheckProcessFormsOptions): Known {
  switch (node.kind) {
    case 'userTask': {
      const form = node.formKey === null ? undefined : options.forms.get(node.formKey);
      // The page always completes with an outcome (a form without any offers "Complete").
      return new Set([`${node.id}Outcome`, ...(form ? formWrites(form) : [])]);
    }
    case 'serviceTask':
      // A worker outside the server may complete its task with any variables.
      if (node.external) return 'all';
      return new Set(options.handlerOutputs?.(node.handler) ?? []);
    case 'callActivity':
      if (node.outputs.some((mapping) => mapping.all)) return 'all';
      return new Set(node.outputs.flatMap((mapping) => (mapping.target ? [mapping.target] : [])));
    default:
      return new Set();
  }
}

/** The element variable and counters a multi-instance activity's items see. */
function multiInstanceLocals(node: ProcessNode): string[] {
  const loop = node.multiInstance;
  if (!loop) return [];
  return [...MULTI_INSTANCE_COUNTERS, ...(loop.elementVariable ? [loop.elementVariable] : [])];
}

function has(known: Known, name: string): boolean {
  return known === 'all' || known.has(name);
}

function union(a: Known, b: Known | readonly string[]): Known {
  if (a === 'all' || b === 'all') return 'all';
  return new Set([...a, ...b]);
}

function intersection(a: Known, b: Known): Known {
  if (a === 'all') return b;
  if (b === 'all') return a;
  return new Set([...a].filter((name) => b.has(name)));
}

function without(a: Known, names: readonly string[]): Known {
  if (a === 'all' || names.length === 0) return a;
  return new Set([...a].filter((name) => !names.includes(name)));
}

function same(a: Known, b: Known): boolean {
  if (a === 'all' || b === 'all') return a === b;
  return a.size === b.size && [...a].every((name) => b.has(name));
}

/**
 * Both analyses to their fixed points with a work list. A must-state starts at `all` (no
 * path has reached it yet) and only shrinks; a may-state starts empty and only grows; each
 * node is revisited only when something it depends on changed.
 */
function solve(
  model: ProcessModel,
  start: ReadonlySet<string>,
  writesOf: ReadonlyMap<string, Known>,
): Map<string, NodeState> {
  const { nodes, flows } = model;
  const states = new Map<string, NodeState>();
  const none: Known = new Set<string>();
  for (const id of Object.keys(nodes)) {
    states.set(id, { must: { in: 'all', out: 'all' }, may: { in: none, out: none } });
  }
  // 1. Who must be looked at again when a node's state changes; who leads to a link catch.
  const dependents = new Map<string, string[]>();
  const jumpedFrom = new Map<string, string[]>();
  const depend = (on: string, node: string): void => {
    const list = dependents.get(on) ?? [];
    list.push(node);
    dependents.set(on, list);
  };
  for (const node of Object.values(nodes)) {
    for (const flowId of node.outgoing) {
      const target = flows[flowId]?.target;
      if (target !== undefined) depend(node.id, target);
    }
    for (const boundary of node.boundaryEvents ?? []) depend(node.id, boundary);
    for (const target of jumpsOf(node)) {
      depend(node.id, target);
      jumpedFrom.set(target, [...(jumpedFrom.get(target) ?? []), node.id]);
    }
    if (node.kind === 'subProcess' && node.startEventId !== '') depend(node.id, node.startEventId);
    if (node.kind === 'eventSubProcess') {
      if (node.startEventId !== '') depend(node.id, node.startEventId);
      if (node.scope) depend(node.scope, node.id);
    }
    if (node.scope && completesScope(node)) depend(node.id, node.scope);
  }
  // The ends each sub-process completes by (an error end leaves by a boundary).
  const endsOf = new Map<string, string[]>();
  for (const node of Object.values(nodes)) {
    if (node.scope && completesScope(node)) {
      endsOf.set(node.scope, [...(endsOf.get(node.scope) ?? []), node.id]);
    }
  }
  // 2. Recompute a node from its inputs until nothing changes.
  const queue = Object.keys(nodes);
  const queued = new Set(queue);
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    queued.delete(id);
    const node = nodes[id];
    const state = states.get(id);
    if (node === undefined || state === undefined) continue;
    const next = recompute(model, node, { start, writesOf, endsOf, jumpedFrom }, states);
    if (
      same(next.must.in, state.must.in) &&
      same(next.must.out, state.must.out) &&
      same(next.may.in, state.may.in) &&
      same(next.may.out, state.may.out)
    ) {
      continue;
    }
    states.set(id, next);
    for (const dependent of dependents.get(id) ?? []) {
      if (!queued.has(dependent)) {
        queued.add(dependent);
        queue.push(dependent);
      }
    }
  }
  return states;
}

/**
 * Whether a path reaching the node completes its process or sub-process there: a none or
 * terminate end event (an error end leaves by a boundary instead), or an implicit end.
 */
function completesScope(node: ProcessNode): boolean {
  return (node.kind === 'endEvent' && !node.throwsError) || endsImplicitly(node);
}

/** What does not change while the analyses run. */
interface Givens {
  readonly start: ReadonlySet<string>;
  readonly writesOf: ReadonlyMap<string, Known>;
  readonly endsOf: ReadonlyMap<string, readonly string[]>;
  /** The link throw events that lead to each link catch event. */
  readonly jumpedFrom: ReadonlyMap<string, readonly string[]>;
}

function recompute(
  model: ProcessModel,
  node: ProcessNode,
  { start, writesOf, endsOf, jumpedFrom }: Givens,
  states: ReadonlyMap<string, NodeState>,
): NodeState {
  const { nodes, flows } = model;
  const stateOf = (id: string | undefined): NodeState | undefined =>
    id === undefined ? undefined : states.get(id);
  // 1. What is written when the node is reached.
  let mustIn: Known;
  let mayIn: Known;
  if (node.kind === 'startEvent') {
    const scope = node.scope ? nodes[node.scope] : undefined;
    const outer = stateOf(scope?.id);
    const locals = scope ? multiInstanceLocals(scope) : [];
    mustIn = outer ? union(outer.must.in, locals) : start;
    mayIn = outer ? union(outer.may.in, locals) : start;
  } else if (node.kind === 'eventSubProcess') {
    // It may start at any moment of its process or sub-process: only what held when that
    // began is sure, and whatever is written in it may be there.
    mustIn = node.scope ? (stateOf(node.scope)?.must.in ?? 'all') : start;
    mayIn = 'all';
  } else if (node.kind === 'boundaryEvent') {
    // The activity is left before it finishes: only what held when it began is sure; a
    // sub-process may have written some of its inner writes, a task or a call nothing.
    const attached = stateOf(node.attachedTo);
    const inner = nodes[node.attachedTo]?.kind === 'subProcess';
    mustIn = attached?.must.in ?? 'all';
    mayIn = (inner ? attached?.may.out : attached?.may.in) ?? new Set();
  } else {
    const sources = [
      ...node.incoming.map((flowId) => stateOf(flows[flowId]?.source)),
      ...(jumpedFrom.get(node.id) ?? []).map(stateOf),
    ];
    // A parallel join waits for every branch, so whatever any of them wrote is there.
    const joinsAll = node.kind === 'parallelGateway' && node.incoming.length > 1;
    mustIn = joinsAll ? new Set() : 'all';
    mayIn = new Set();
    for (const source of sources) {
      if (source === undefined) continue;
      mustIn = joinsAll ? union(mustIn, source.must.out) : intersection(mustIn, source.must.out);
      mayIn = union(mayIn, source.may.out);
    }
  }
  // 2. What it has written once it is left.
  const writes = writesOf.get(node.id) ?? new Set<string>();
  let mustOut = union(mustIn, writes);
  let mayOut = union(mayIn, writes);
  if (node.kind === 'subProcess') {
    const inner = (endsOf.get(node.id) ?? []).map((end) => stateOf(end));
    const locals = multiInstanceLocals(node);
    let mustEnd: Known = 'all';
    let mayEnd: Known = new Set();
    for (const end of inner) {
      if (end === undefined) continue;
      // What holds once the end is left: an end event writes nothing, an activity its own.
      mustEnd = intersection(mustEnd, end.must.out);
      mayEnd = union(mayEnd, end.may.out);
    }
    // An item's own variables stay inside; what held before it began holds after it.
    mustOut = union(mustIn, without(mustEnd, locals));
    mayOut = union(mayIn, without(mayEnd, locals));
  }
  return { must: { in: mustIn, out: mustOut }, may: { in: mayIn, out: mayOut } };
}

/** Every read a node makes, each with what is written where it happens. */
function readSites(
  model: ProcessModel,
  node: ProcessNode,
  states: ReadonlyMap<string, NodeState>,
): ReadSite[] {
  const state = states.get(node.id);
  if (state === undefined) return [];
  const sites: ReadSite[] = [];
  const elementType = bpmnTypeOf(node);
  const locals = multiInstanceLocals(node);
  const at = (must: Known, may: Known) => (attribute: string, variables: readonly string[]) => {
    if (variables.length > 0) {
      sites.push({ elementId: node.id, elementType, attribute, variables, must, may });
    }
  };
  // Before the node runs; an item of a multi-instance one sees its own variables too.
  const before = at(state.must.in, state.may.in);
  const inItem = at(union(state.must.in, locals), union(state.may.in, locals));
  const loop = node.multiInstance;
  if (loop) {
    if (loop.collection !== null) before('collection', namesIn(loop.collection, 'nameOrTemplate'));
    if (loop.cardinality !== null) before('loopCardinality', namesIn(loop.cardinality));
    if (loop.completionCondition !== null) {
      // Read as each item completes: what the item wrote is there.
      at(union(state.must.out, locals), union(state.may.out, locals))(
        'completionCondition',
        namesIn(loop.completionCondition, 'condition'),
      );
    }
  }
  switch (node.kind) {
    case 'userTask':
      if (node.name !== null) inItem('name', namesIn(node.name));
      if (node.assignee !== null) inItem('assignee', namesIn(node.assignee));
      inItem(
        'candidateUsers',
        node.candidateUsers.flatMap((item) => namesIn(item)),
      );
      inItem(
        'candidateGroups',
        node.candidateGroups.flatMap((item) => namesIn(item)),
      );
      if (node.dueDate !== null) inItem('dueDate', namesIn(node.dueDate));
      if (node.priority !== null) inItem('priority', namesIn(node.priority));
      break;
    case 'serviceTask':
      for (const [name, value] of Object.entries(node.properties)) {
        before(`property:${name}`, namesIn(value));
      }
      break;
    case 'callActivity':
      for (const mapping of node.inputs) {
        const label = `in:${mapping.target ?? 'all'}`;
        if (mapping.source !== null) inItem(label, namesIn(mapping.source, 'nameOrTemplate'));
        if (mapping.sourceExpression !== null) inItem(label, namesIn(mapping.sourceExpression));
      }
      break;
    case 'catchEvent':
    case 'boundaryEvent':
      if (node.trigger.type === 'timer') {
        const { timer } = node.trigger;
        const attribute = { duration: 'timeDuration', date: 'timeDate', cycle: 'timeCycle' };
        before(attribute[timer.type], namesIn(timer.value));
      }
      break;
    case 'exclusiveGateway':
    case 'inclusiveGateway':
      // A gateway writes nothing, so its flows' conditions read what reached it.
      for (const flowId of node.outgoing) {
        const flow = model.flows[flowId];
        if (flow === undefined || flow.condition === null) continue;
        const variables = namesIn(flow.condition, 'condition');
        if (variables.length > 0) {
          sites.push({
            elementId: flow.id,
            elementType: 'bpmn:SequenceFlow',
            attribute: 'conditionExpression',
            variables,
            must: state.must.in,
            may: state.may.in,
          });
        }
      }
      break;
    default:
      break;
  }
  return sites;
}

/**
 * The variables a text reads. `template`: text with `${...}` placeholders (literal text
 * reads nothing); `condition`: one `${...}`; `nameOrTemplate`: a variable name, dotted or
 * not, unless it holds a placeholder. A text deploy would refuse reads nothing here.
 */
function namesIn(
  text: string,
  as: 'template' | 'condition' | 'nameOrTemplate' = 'template',
): string[] {
  const names = new Set<string>();
  try {
    if (as === 'condition') {
      collectReads(parseCondition(text), names);
    } else {
      const parts = parseTemplate(text);
      if (as === 'nameOrTemplate' && !isTemplate(parts)) {
        const root = text.trim().split('.')[0];
        if (root) names.add(root);
      }
      for (const part of parts) {
        if (part.kind === 'placeholder') collectReads(part.expression, names);
      }
    }
  } catch (error) {
    if (!(error instanceof ExpressionSyntaxError)) throw error;
  }
  return [...names];
}

/**
 * The variables an expression reads. `empty x` and Flowable's `variables:` functions other
 * than `get` are written to cope with a missing variable, so they are tests, not reads.
 */
function collectReads(node: ExpressionNode, into: Set<string>): void {
  switch (node.kind) {
    case 'variable': {
      const [root] = node.path;
      if (root !== undefined) into.add(root);
      return;
    }
    case 'empty':
      if (node.operand.kind !== 'variable') collectReads(node.operand, into);
      return;
    case 'not':
    case 'negate':
      collectReads(node.operand, into);
      return;
    case 'and':
    case 'or':
    case 'compare':
    case 'arithmetic':
      collectReads(node.left, into);
      collectReads(node.right, into);
      return;
    case 'conditional':
      collectReads(node.test, into);
      collectReads(node.then, into);
      collectReads(node.otherwise, into);
      return;
    case 'method':
      collectReads(node.target, into);
      for (const arg of node.args) collectReads(arg, into);
      return;
    case 'function':
      if (node.name === 'get') into.add(node.variable.split('.')[0] ?? node.variable);
      for (const arg of node.args) collectReads(arg, into);
      return;
    case 'shiftDate':
      collectReads(node.target, into);
      collectReads(node.amount, into);
      return;
    case 'literal':
    case 'now':
      return;
  }
}
