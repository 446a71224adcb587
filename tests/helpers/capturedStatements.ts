import {
  createQueryId,
  type CompiledQuery,
  type Kysely,
  type KyselyPlugin,
  type RootOperationNode,
} from 'kysely';
import type { DatabaseSchema } from '../../server/db/schema';

/**
 * Runs `work` over a database handle that records every statement it runs, and answers
 * those statements compiled, in order: what EXPLAIN needs to look at a call's plans.
 */
export async function capturedStatements(
  db: Kysely<DatabaseSchema>,
  work: (capturing: Kysely<DatabaseSchema>) => Promise<unknown>,
): Promise<CompiledQuery[]> {
  const captured: RootOperationNode[] = [];
  const capture: KyselyPlugin = {
    transformQuery: ({ node }) => {
      captured.push(node);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  await work(db.withPlugin(capture));
  return captured.map((node) => db.getExecutor().compileQuery(node, createQueryId()));
}
