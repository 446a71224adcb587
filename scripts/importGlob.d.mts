// Types of scripts/importGlob.mjs, for the tests and tools written in TypeScript.

/** The project's root: where a glob starting with `/` starts, as in Vite. */
export const PROJECT_ROOT: string;

/** A file a glob names: its path, its key as Vite keys it, and its import specifier. */
export interface GlobFile {
  readonly file: string;
  readonly key: string;
  readonly specifier: string;
}

/** Whether a module's text has any glob to expand. */
export function hasImportGlob(code: string): boolean;

/** The files a glob names from a module, keyed as Vite keys them. */
export function globFiles(pattern: string, fromFile: string, root?: string): GlobFile[];

/** The module's text with each eager `import.meta.glob` call written out as static imports. */
export function expandImportGlobs(code: string, file: string, root?: string): string;

/** An esbuild plugin that expands the project's globs in every module it loads. */
export function esbuildImportGlobs(root?: string): import('esbuild').Plugin;
