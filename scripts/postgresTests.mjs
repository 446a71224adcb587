// Runs the server tests that reach the database on the PostgreSQL server named by
// DATABASE_URL: `DATABASE_URL=postgres://... npm run test:server:postgres`. A test file
// reaches it when it, or a module it imports (followed through relative imports), opens a
// database or reads DATABASE_URL. The others (parsers, rules, the command-line tools, the
// architecture checks) answer the same on either backend, so running them again would
// prove nothing new. `--list` names the files without running them.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OPENS_DATABASE = /DATABASE_URL|createTestDatabase|createDatabase\(/;
const IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** Every `*.test.ts` under a folder. */
function testFiles(folder) {
  const found = [];
  for (const entry of readdirSync(folder)) {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) found.push(...testFiles(path));
    else if (entry.endsWith('.test.ts')) found.push(path);
  }
  return found;
}

/** The file a relative import names, with the extensions the project writes imports without. */
function resolveImport(from, specifier) {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

const reaching = new Map();

/** Whether a module, or one it imports, opens a database. */
function reachesDatabase(file, visiting = new Set()) {
  const known = reaching.get(file);
  if (known !== undefined) return known;
  if (visiting.has(file)) return false;
  visiting.add(file);
  const text = readFileSync(file, 'utf8');
  let reaches = OPENS_DATABASE.test(text);
  for (const match of text.matchAll(IMPORT)) {
    if (reaches) break;
    const target = resolveImport(file, match[1]);
    if (target && reachesDatabase(target, visiting)) reaches = true;
  }
  reaching.set(file, reaches);
  return reaches;
}

if (!process.env.DATABASE_URL) {
  console.error('DATABASE_URL names no PostgreSQL server: nothing to run.');
  process.exit(2);
}
const files = ['server', 'tests/integration']
  .flatMap((folder) => testFiles(join(root, folder)))
  .filter((file) => reachesDatabase(file))
  .map((file) => relative(root, file))
  .sort();
console.log(`${files.length} test files reach the database; running them on PostgreSQL.`);
if (process.argv.includes('--list')) {
  console.log(files.join('\n'));
  process.exit(0);
}
const child = spawn('npx', ['vitest', 'run', '--project', 'server', ...files], {
  cwd: root,
  stdio: 'inherit',
});
child.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
