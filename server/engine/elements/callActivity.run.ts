import { ProcessExecutionError } from '../engineErrors';
import type { JsonValue, Variables } from '../expressions/expressionAst';
import { compiledTemplate } from '../expressions/compiledTemplate';
import { evaluateTemplate } from '../expressions/parseTemplate';
import type { CallActivityNode } from '../processModel';
import type { RunContext, Token } from '../runner/runContext';

/**
 * A call activity's work: starts the called process with the in mappings; one that ends at
 * once hands back its out mappings (or its error) in this run, else the token waits.
 */
export async function executeCallActivity(
  node: CallActivityNode,
  token: Token,
  run: RunContext,
): Promise<void> {
  await run.park(token, 'active');
  const calls = run.dependencies.calls;
  if (calls === undefined) {
    throw new ProcessExecutionError(`call activity '${node.id}': no process can be called here`);
  }
  const variables = await run.scopeVariables(token.parentId, token.id);
  const input: Variables = {};
  for (const mapping of node.inputs) {
    if (mapping.all) Object.assign(input, variables);
    else if (mapping.target !== null) input[mapping.target] = mappedValue(mapping, variables);
  }
  await run.history('callActivityStarted', {
    elementId: node.id,
    calledElement: node.calledElement,
  });
  const outcome = await calls.start(node, token.id, input);
  // Escalations it raised first: an interrupting catcher may end this activity.
  const stillHere = async () => (await run.execution(token.id))?.element_id === node.id;
  for (const escalation of outcome.escalations ?? []) {
    if (!(await stillHere())) break;
    await run.catchEscalation(token.id, escalation);
  }
  if (!(await stillHere())) return;
  if (outcome.state === 'ended') {
    run.instance.variables = withOutputs(node, run.instance.variables, outcome.variables);
    await run.completeActivity(token);
  } else if (outcome.state === 'error') {
    await run.callFailed(token, outcome.error);
  } else if (outcome.state === 'terminatedAll') {
    await run.terminateAllFromCall();
  }
}

/** The calling instance's variables once the out mappings have copied the called ones. */
export function withOutputs(
  node: CallActivityNode,
  current: Variables,
  called: Variables,
): Variables {
  const variables = { ...current };
  for (const mapping of node.outputs) {
    if (mapping.all) Object.assign(variables, called);
    else if (mapping.target !== null) variables[mapping.target] = mappedValue(mapping, called);
  }
  return variables;
}

/** The value an in/out mapping copies: a variable, or a `${...}` over the variables. */
function mappedValue(
  mapping: { readonly source: string | null; readonly sourceExpression: string | null },
  variables: Variables,
): JsonValue {
  if (mapping.sourceExpression !== null) {
    return evaluateTemplate(compiledTemplate(mapping.sourceExpression), variables);
  }
  const name = mapping.source ?? '';
  return Object.prototype.hasOwnProperty.call(variables, name) ? (variables[name] ?? null) : null;
}
