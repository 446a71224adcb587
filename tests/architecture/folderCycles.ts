import { readFileSync } from 'node:fs';
import path from 'node:path';
import madge from 'madge';
import { globFiles } from '../../scripts/importGlob.mjs';

/** Where a tree's sources are and which of them are not part of the product. */
export interface ModuleGraphOptions {
  /** The tsconfig that resolves the tree's imports. */
  readonly tsConfig: string;
  /** Files left out of the graph (tests and their kits reach across on purpose). */
  readonly exclude?: readonly RegExp[];
}

/** Each module's runtime imports, by path from the tree's root (`/` separated). */
export type ModuleGraph = ReadonlyMap<string, readonly string[]>;

/** One import that makes a folder depend on another: `from` imports `to`. */
export interface FolderImport {
  readonly from: string;
  readonly to: string;
}

/** Folders that depend on each other in a ring, with one import for each step of it. */
export interface FolderCycle {
  /** The folders in the ring, sorted. */
  readonly folders: readonly string[];
  /** An import for each dependency between two folders of the ring. */
  readonly imports: readonly FolderImport[];
}

/** The `import.meta.glob` patterns a module's text names, as literals. */
const GLOB_CALL = /import\.meta\.glob(?:<[^>]*>)?\(\s*(['"`])([^'"`]+)\1/g;

/**
 * The modules of `folders` under `root` and the imports of each that stay at run time, the
 * imports between the folders included. Read with madge from the files' own imports,
 * resolved by the tsconfig; `import type` vanishes when the code is compiled, so it ties no
 * module to another (a store's hook may name the root store's type while the root store
 * builds it). Each `import.meta.glob` call counts as an import of every file its pattern
 * names: that is how the plugin folders are found, and madge cannot see it.
 */
export async function readModuleGraph(
  root: string,
  folders: readonly string[],
  options: ModuleGraphOptions,
): Promise<ModuleGraph> {
  const exclude = options.exclude ?? [];
  const graph = await madge(
    folders.map((folder) => path.join(root, folder)),
    {
      baseDir: root,
      fileExtensions: ['ts', 'tsx'],
      tsConfig: options.tsConfig,
      excludeRegExp: [...exclude],
      detectiveOptions: { ts: { skipTypeImports: true }, tsx: { skipTypeImports: true } },
    },
  );
  const edges = new Map<string, string[]>();
  for (const [from, targets] of Object.entries(graph.obj())) {
    const file = path.join(root, from);
    const globbed = [...readFileSync(file, 'utf8').matchAll(GLOB_CALL)]
      .flatMap(([, , pattern = '']) => globFiles(pattern, file, root))
      .map((found) => path.relative(root, found.file).split(path.sep).join('/'))
      .filter((found) => !exclude.some((pattern) => pattern.test(found)));
    edges.set(from, [...targets, ...globbed]);
  }
  return edges;
}

/** The rings among the modules of a graph: groups of modules that reach one another. */
export function moduleCycles(graph: ModuleGraph): string[][] {
  return stronglyConnected(graph);
}

/** A file's folder right under `base`; a file right in `base` is its own node. */
function folderUnder(base: string, file: string): string | undefined {
  if (!file.startsWith(`${base}/`)) return undefined;
  const rest = file.slice(base.length + 1);
  const [first = rest] = rest.split('/');
  return first === rest ? rest.replace(/\.(ts|tsx)$/, '') : first;
}

/**
 * The rings among the folders right under `base` (say `src`): groups of folders where each
 * reaches every other through imports between modules under `base`.
 */
export function folderCycles(graph: ModuleGraph, base: string): FolderCycle[] {
  // 1. Collapse the module graph onto the folders, keeping one import per edge.
  const edges = new Map<string, Map<string, FolderImport>>();
  for (const [from, targets] of graph) {
    const a = folderUnder(base, from);
    if (a === undefined) continue;
    for (const to of targets) {
      const b = folderUnder(base, to);
      if (b === undefined || a === b) continue;
      const out = edges.get(a) ?? new Map<string, FolderImport>();
      if (!out.has(b)) out.set(b, { from, to });
      edges.set(a, out);
    }
  }
  // 2. The rings, each with the imports that close it, so a failure says what to move.
  const rings = stronglyConnected(
    new Map([...edges].map(([from, out]) => [from, [...out.keys()]])),
  );
  return rings.map((folders) => ({
    folders,
    imports: folders.flatMap((a) =>
      folders.flatMap((b) => {
        const found = edges.get(a)?.get(b);
        return found ? [found] : [];
      }),
    ),
  }));
}

/**
 * Tarjan's strongly connected components of a directed graph, given as each node's
 * successors: each group of more than one node, sorted, is a ring.
 */
function stronglyConnected(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const rings: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const ring: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      ring.push(member);
      if (member === node) break;
    }
    if (ring.length > 1) rings.push(ring.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return rings;
}
