import type { Transaction } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import { ProcessExecutionError } from '../engineErrors';
import { conditionHolds } from '../expressions/compiledCondition';
import { compiledTemplate } from '../expressions/compiledTemplate';
import type { EvaluationOptions } from '../expressions/evaluateExpression';
import type { JsonValue, Variables } from '../expressions/expressionAst';
import { evaluateTemplate, renderTemplate } from '../expressions/parseTemplate';
import type { ProcessNode } from '../processModel';
import { visibleLocals, type ExecutionRows } from './executionRows';
import type { ExecutionRow, Token } from './runContext';

/** The most items one multi-instance activity may run, so a stray list cannot flood the tables. */
const maxItems = 10_000;

/** A local variable the engine keeps for itself: expressions cannot name `__` variables. */
const collectionKey = '__collection';

/** What a multi-instance activity asks of the runner that moves the instance's tokens. */
export interface MultiInstanceRunner {
  readonly db: Transaction<DatabaseSchema>;
  readonly tenant: string;
  readonly rows: ExecutionRows;
  readonly at: EvaluationOptions;
  node(id: string): ProcessNode;
  armBoundaryEvents(token: Token, node: ProcessNode): Promise<void>;
  /** Runs the activity's own work for one item. */
  execute(token: Token, node: ProcessNode): Promise<void>;
  cancelChildren(scopeId: string, reason: string): Promise<void>;
  disarm(executionId: string): Promise<void>;
  moveOn(token: Token, node: ProcessNode): Promise<void>;
}

/**
 * A multi-instance activity (as in Flowable): a root execution holding the counters
 * (`nrOfInstances`, `nrOfCompletedInstances`, `nrOfActiveInstances`), and one child per
 * item, all at once or one after another, until every item is done or the completion
 * condition holds.
 */
export class MultiInstance {
  constructor(private readonly runner: MultiInstanceRunner) {}

  /** Starts a multi-instance activity: a root with the counters, and its first item(s). */
  async start(token: Token, node: ProcessNode): Promise<void> {
    const loop = node.multiInstance;
    if (!loop) return;
    const variables = await this.runner.rows.scopeVariables(token.parentId, null);
    let items: JsonValue[] | null = null;
    let count: number;
    // As in Flowable: a cardinality gives the count, a collection the items (and the count
    // when there is no cardinality).
    if (loop.collection !== null) {
      const value = loop.collection.includes('${')
        ? evaluateTemplate(compiledTemplate(loop.collection), variables, this.runner.at)
        : evaluateTemplate(compiledTemplate(`\${${loop.collection}}`), variables, this.runner.at);
      if (!Array.isArray(value)) {
        throw new ProcessExecutionError(
          `multi-instance '${node.id}': the collection '${loop.collection}' is not a list`,
        );
      }
      items = value;
    }
    if (loop.cardinality !== null) {
      count = Number(
        renderTemplate(compiledTemplate(loop.cardinality), variables, this.runner.at).trim(),
      );
    } else {
      count = items?.length ?? 0;
    }
    if (!Number.isInteger(count) || count < 0 || count > maxItems) {
      throw new ProcessExecutionError(
        `multi-instance '${node.id}': ${loop.cardinality === null ? 'the collection' : `loopCardinality '${loop.cardinality}'`} does not give a count from 0 to ${maxItems}`,
      );
    }
    const counters: Variables = {
      nrOfInstances: count,
      nrOfCompletedInstances: 0,
      nrOfActiveInstances: loop.sequential ? Math.min(count, 1) : count,
    };
    if (items !== null) counters[collectionKey] = items;
    await this.runner.rows.park(token, 'multiInstance');
    await this.runner.rows.setLocals(token.id, counters);
    await this.runner.armBoundaryEvents(token, node);
    if (count === 0) {
      await this.leave(token.id);
      return;
    }
    const first = loop.sequential ? 1 : count;
    for (let index = 0; index < first; index += 1) {
      // An item that ends at once (a call of a process with no wait) may satisfy the
      // completion condition; then the activity is over and no further item starts.
      if (index > 0 && (await this.runner.rows.execution(token.id))?.state !== 'multiInstance')
        break;
      await this.startItem(token.id, node, index, items);
    }
  }

  private async startItem(
    rootId: string,
    node: ProcessNode,
    index: number,
    items: readonly JsonValue[] | null,
  ): Promise<void> {
    const locals: Variables = { loopCounter: index };
    const elementVariable = node.multiInstance?.elementVariable ?? null;
    if (elementVariable !== null) locals[elementVariable] = items?.[index] ?? null;
    const id = await this.runner.rows.insertToken(node.id, null, rootId, locals);
    await this.runner.execute(
      { id, nodeId: node.id, via: null, parentId: rootId, item: true },
      node,
    );
  }

  /** One item finished: count it, then end the activity, start the next item, or wait. */
  async itemDone(item: ExecutionRow, root: ExecutionRow): Promise<void> {
    const node = this.runner.node(root.element_id);
    const loop = node.multiInstance;
    const counters = { ...root.local_variables };
    const completed = Number(counters.nrOfCompletedInstances ?? 0) + 1;
    const total = Number(counters.nrOfInstances ?? 0);
    counters.nrOfCompletedInstances = completed;
    counters.nrOfActiveInstances = Math.max(0, Number(counters.nrOfActiveInstances ?? 1) - 1);
    const variables = {
      ...(await this.runner.rows.scopeVariables(root.parent_id, null)),
      ...visibleLocals(counters),
      ...visibleLocals(item.local_variables),
    };
    await this.runner.rows.deleteExecutions([item.id]);
    const satisfied =
      loop?.completionCondition != null &&
      conditionHolds(loop.completionCondition, variables, this.runner.at);
    if (satisfied || completed >= total) {
      await this.runner.rows.setLocals(root.id, counters);
      if (satisfied) await this.runner.cancelChildren(root.id, 'completionCondition');
      await this.leave(root.id);
      return;
    }
    if (loop?.sequential) {
      counters.nrOfActiveInstances = 1;
      await this.runner.rows.setLocals(root.id, counters);
      const items = Array.isArray(counters[collectionKey]) ? counters[collectionKey] : null;
      await this.startItem(root.id, node, completed, items);
      return;
    }
    await this.runner.rows.setLocals(root.id, counters);
  }

  /** Ends the activity: its root leaves over its flow, its counters gone. */
  async leave(rootId: string): Promise<void> {
    const root = await this.runner.rows.execution(rootId);
    if (root === undefined) return;
    const node = this.runner.node(root.element_id);
    await this.runner.disarm(root.id);
    await this.runner.db
      .updateTable('process_executions')
      .set({ state: 'active', local_variables: '{}' })
      .where('tenant', '=', this.runner.tenant)
      .where('id', '=', root.id)
      .execute();
    await this.runner.moveOn(
      { id: root.id, nodeId: node.id, via: null, parentId: root.parent_id },
      node,
    );
  }
}
