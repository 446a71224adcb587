import path from 'node:path';
import madge from 'madge';

/** Where a tree's sources are and which of them are not part of the product. */
export interface FolderGraphOptions {
  /** The tsconfig that resolves the tree's imports. */
  readonly tsConfig: string;
  /** Files left out of the graph (tests and their kits reach across on purpose). */
  readonly exclude?: readonly RegExp[];
}

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

/** A file's top-level folder under the root; a file right at the root is its own node. */
function topFolder(file: string): string {
  const [first = file] = file.split('/');
  return first === file ? file.replace(/\.(ts|tsx)$/, '') : first;
}

/**
 * The rings among the top-level folders of `root`: groups of folders where each reaches
 * every other through imports. Read with madge from the files' own imports, resolved by
 * the tsconfig. Only imports that stay at run time count: `import type` vanishes when the
 * code is compiled, so it ties no module to another (a store's hook may name the root
 * store's type while the root store builds it). Imports leaving `root` are not followed.
 */
export async function folderCycles(
  root: string,
  options: FolderGraphOptions,
): Promise<FolderCycle[]> {
  const graph = await madge(root, {
    fileExtensions: ['ts', 'tsx'],
    tsConfig: options.tsConfig,
    excludeRegExp: [...(options.exclude ?? [])],
    detectiveOptions: { ts: { skipTypeImports: true }, tsx: { skipTypeImports: true } },
  });

  // 1. Collapse the module graph onto top-level folders, keeping one import per edge.
  const edges = new Map<string, Map<string, FolderImport>>();
  for (const [from, targets] of Object.entries(graph.obj())) {
    for (const to of targets) {
      if (to.startsWith('..') || path.isAbsolute(to)) continue;
      const a = topFolder(from);
      const b = topFolder(to);
      if (a === b) continue;
      const out = edges.get(a) ?? new Map<string, FolderImport>();
      if (!out.has(b)) out.set(b, { from, to });
      edges.set(a, out);
    }
  }

  // 2. Tarjan's strongly connected components: each with more than one folder is a ring.
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
    for (const next of edges.get(node)?.keys() ?? []) {
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

  // 3. Name the imports that close each ring, so a failure says what to move.
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
