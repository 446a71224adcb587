import { sql, type Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { TaskListAnswer } from '../../schemas/api/tasks';
import { PREPARED_STATEMENT } from '../db/preparingClient';
import type { DatabaseSchema } from '../db/schema';
import { dateWindows } from './dateWindows';
import { TASK_LIST_GENERATION } from '../db/taskListGeneration';
import type { TaskListRequest } from './taskListQuery';

/**
 * The tables a dashboard list reads (tasks, their candidates, group members and groups,
 * users, definitions and instances). Migration 1060 gives each a trigger that moves the
 * generation on every write; `taskListCache.test.ts` checks the list statement's plan
 * reads no other table.
 */
export const TASK_LIST_SOURCES = [
  'tasks',
  'task_candidates',
  'group_members',
  'groups',
  'users',
  'process_definitions',
  'process_instances',
] as const;

/**
 * The task lists' generation (migration 1060): it moves with every committed write to a
 * table of {@link TASK_LIST_SOURCES}, by any process. A bigint, kept as its text.
 */
export async function readTaskListGeneration(db: Kysely<DatabaseSchema>): Promise<string> {
  const { rows } = await sql<{ generation: string }>`${sql.raw(PREPARED_STATEMENT)}
    select ${TASK_LIST_GENERATION} as generation`.execute(db);
  return rows[0]?.generation ?? '0';
}

interface Entry {
  readonly generation: string;
  readonly answer: TaskListAnswer;
}

/** How much a cache keeps: entries, and rows over all entries (a row is about 1 KiB). */
export interface TaskListCacheLimits {
  readonly maxEntries: number;
  readonly maxRows: number;
}

export const DEFAULT_TASK_LIST_CACHE_LIMITS: TaskListCacheLimits = {
  maxEntries: 5_000,
  maxRows: 20_000,
};

/** What a cache did, for the metrics and the bench. */
export interface TaskListCacheCounts {
  hits: number;
  misses: number;
}

/**
 * The answers of recent list calls, each beside the generation read before its statement
 * ran. An answer is given again only while the generation is still that one, for the same
 * user, privileges, language, list, body and UTC day (the quick-filter windows are cut at
 * days; nothing else in an answer depends on the clock). The generation is read before the
 * statement, so an answer is never older than its generation says: a write that commits
 * while the statement runs moves the generation, and the next call reads afresh. One read
 * of 64 small rows, made with the session lookup every call makes anyway, replaces the list
 * statement, which walks every open task of the user.
 */
export class TaskListCache {
  private readonly entries: LRUCache<string, Entry>;
  readonly counts: TaskListCacheCounts = { hits: 0, misses: 0 };

  constructor(limits: TaskListCacheLimits = DEFAULT_TASK_LIST_CACHE_LIMITS) {
    this.entries = new LRUCache<string, Entry>({
      max: limits.maxEntries,
      maxSize: limits.maxRows,
      sizeCalculation: (entry) => 1 + entry.answer.content.length,
    });
  }

  /** The request's key: everything an answer depends on besides the data. */
  static keyOf(request: TaskListRequest): string {
    const { kind, actor, body, now } = request;
    return JSON.stringify([
      actor.tenant,
      actor.userId,
      [...actor.privileges].sort(),
      actor.language ?? '',
      kind,
      dateWindows(now).todayStart.getTime(),
      body,
    ]);
  }

  /**
   * The answer to `request`: kept if read at `generation`, otherwise `load`ed and kept.
   * `generation` must have been read before `load` runs (the session lookup reads it).
   */
  async answer(
    generation: string,
    request: TaskListRequest,
    load: () => Promise<TaskListAnswer>,
  ): Promise<TaskListAnswer> {
    const key = TaskListCache.keyOf(request);
    const kept = this.entries.get(key);
    if (kept?.generation === generation) {
      this.counts.hits += 1;
      return kept.answer;
    }
    this.counts.misses += 1;
    const answer = await load();
    // A slower call that read an older generation never replaces a newer answer.
    const now = this.entries.peek(key);
    if (!now || BigInt(now.generation) <= BigInt(generation)) {
      this.entries.set(key, { generation, answer });
    }
    return answer;
  }

  /** Entries kept now. */
  get size(): number {
    return this.entries.size;
  }
}
