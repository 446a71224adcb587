// `import.meta.glob` outside Vite. The browser build, the dev server and the tests run
// through Vite, which expands `import.meta.glob('/plugins/*/rules.ts', { eager: true })`
// itself. The server's bundle (esbuild, scripts/buildServer.mjs) and the tools run under
// tsx (scripts/importGlobHook.mjs) do not know it: both hand their modules to
// `expandImportGlobs`, which writes each eager glob as the static imports and the object
// Vite would answer. One glob in the source is then the one list of plugin folders for the
// browser, the server and the tools alike: adding a folder is the whole change.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's root: where a glob starting with `/` starts, as in Vite. */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url)).replace(/[\\/]$/, '');

// `import.meta.glob<Type>('pattern', { options })`; the type argument is there in
// TypeScript and gone in JavaScript. Options are a flat object literal.
const GLOB_CALL =
  /import\.meta\.glob\s*(?:<[^()]*?>)?\s*\(\s*(['"])([^'"]+)\1\s*(?:,\s*(\{[^{}]*\}))?\s*,?\s*\)/g;

/** Whether a module's text has any glob to expand (a quick test before parsing). */
export function hasImportGlob(code) {
  return code.includes('import.meta.glob');
}

/** The options Vite reads that matter here: `eager` (required) and `import`. */
function parseOptions(text, where) {
  const options = { eager: false, import: undefined };
  if (!text) return options;
  const body = text.slice(1, -1);
  for (const part of body.split(',')) {
    const entry = part.trim();
    if (!entry) continue;
    const match = /^(\w+)\s*:\s*(true|false|'[^']*'|"[^"]*")$/.exec(entry);
    if (!match) throw new Error(`${where}: import.meta.glob option "${entry}" is not supported`);
    const [, key, raw] = match;
    const value = raw === 'true' ? true : raw === 'false' ? false : raw.slice(1, -1);
    if (key === 'eager') options.eager = value === true;
    else if (key === 'import') options.import = String(value);
    else throw new Error(`${where}: import.meta.glob option "${key}" is not supported`);
  }
  return options;
}

/** A path segment with `*` as a test: `*` is any run of characters but `/`. */
function segmentTest(segment) {
  if (!segment.includes('*')) return (name) => name === segment;
  if (segment.includes('**')) throw new Error(`"**" is not supported in import.meta.glob`);
  const source = segment
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]*');
  const pattern = new RegExp(`^${source}$`);
  return (name) => !name.startsWith('.') && pattern.test(name);
}

/** The files under `base` that match the remaining segments, sorted. */
function matchFiles(base, segments) {
  const [first, ...rest] = segments;
  if (first === undefined) return [];
  const test = segmentTest(first);
  const names = first.includes('*')
    ? readdirSync(base).filter(test)
    : [first].filter((name) => isThere(join(base, name)));
  const found = [];
  for (const name of names.sort()) {
    const path = join(base, name);
    if (rest.length === 0) {
      if (statSync(path).isFile()) found.push(path);
    } else if (statSync(path).isDirectory()) {
      found.push(...matchFiles(path, rest));
    }
  }
  return found;
}

function isThere(path) {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** A path with forward slashes, whatever the platform. */
function posix(path) {
  return path.split(sep).join('/');
}

/**
 * The files a glob names, keyed as Vite keys them: a pattern from the root (`/plugins/…`)
 * by its path from the root, a relative one (`./testing/…`) by its path from the module.
 */
export function globFiles(pattern, fromFile, root = PROJECT_ROOT) {
  const fromRoot = pattern.startsWith('/');
  if (!fromRoot && !pattern.startsWith('./') && !pattern.startsWith('../')) {
    throw new Error(`import.meta.glob pattern "${pattern}" must start with /, ./ or ../`);
  }
  const base = fromRoot ? root : dirname(fromFile);
  const segments = (fromRoot ? pattern.slice(1) : pattern).split('/');
  // Leading `..` and `.` segments move the base; the rest is matched.
  let start = base;
  while (segments[0] === '..' || segments[0] === '.') {
    if (segments.shift() === '..') start = dirname(start);
  }
  return matchFiles(start, segments).map((file) => {
    const fromModule = posix(relative(dirname(fromFile), file));
    const specifier = fromModule.startsWith('.') ? fromModule : `./${fromModule}`;
    const key = fromRoot ? `/${posix(relative(root, file))}` : specifier;
    return { file, key, specifier };
  });
}

/**
 * The module's text with each `import.meta.glob` call written out: static imports put in
 * front of its first line (so no line number moves) and the call replaced by an object of
 * the modules, or of their `import` export, by key. Only eager globs are supported: a lazy
 * one needs a bundler's code splitting, which the server has no use for.
 */
export function expandImportGlobs(code, file, root = PROJECT_ROOT) {
  if (!hasImportGlob(code)) return code;
  const imports = [];
  let count = 0;
  const expanded = code.replace(GLOB_CALL, (call, _quote, pattern, optionText) => {
    const options = parseOptions(optionText, file);
    if (!options.eager) {
      throw new Error(`${file}: only eager import.meta.glob calls can run outside Vite`);
    }
    const entries = globFiles(pattern, file, root).map(({ key, specifier }) => {
      const name = `__tesseraGlob${count++}`;
      const json = specifier.endsWith('.json') ? " with { type: 'json' }" : '';
      imports.push(`import * as ${name} from ${JSON.stringify(specifier)}${json};`);
      const value = options.import ? `${name}[${JSON.stringify(options.import)}]` : name;
      return `${JSON.stringify(key)}: ${value}`;
    });
    // The call's own line breaks stay, so the lines after it keep their numbers.
    const breaks = '\n'.repeat(call.split('\n').length - 1);
    return `Object.freeze({ ${entries.join(', ')}${breaks} })`;
  });
  const left = /import\.meta\.glob\s*[<(]/.exec(expanded);
  if (left) {
    const line = expanded.slice(left.index).split('\n')[0];
    throw new Error(`${file}: an import.meta.glob call could not be read: ${line}`);
  }
  return imports.join('') + expanded;
}

/** An esbuild plugin that expands the project's globs in every module it loads. */
export function esbuildImportGlobs(root = PROJECT_ROOT) {
  return {
    name: 'tessera-import-glob',
    setup(bundler) {
      bundler.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, (args) => {
        if (args.path.includes('/node_modules/')) return undefined;
        const code = readFileSync(args.path, 'utf8');
        if (!hasImportGlob(code)) return undefined;
        const extension = /\.([cm]?[jt]sx?)$/.exec(args.path)?.[1] ?? 'ts';
        return {
          contents: expandImportGlobs(code, args.path, root),
          loader: extension.replace(/^[cm]/, ''),
        };
      });
    },
  };
}
