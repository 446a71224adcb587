// One flat config for the whole repository: strict TypeScript everywhere, hooks rules for React.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const ROOT = import.meta.dirname;

// A plugin's pure files: everything in its folder but the widget (`*.tsx`) and `index.ts`,
// which joins the rules to the widget.
const PLUGIN_PURE = 'plugins/*/!(index).ts';

// Where the plugin folders meet the core: the catalog they make, and the core's entry
// points with it bound in. The server and the browser import these; the core never does.
const PLUGIN_CATALOG = 'plugins/{catalog,compiler}.ts';

// Libraries that draw or hold browser state: never in the shared core or a plugin's rules,
// which the server runs too.
const UI_LIBRARIES = [
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
  'mobx',
  'mobx-react-lite',
  '@blueprintjs/*',
  '@rjsf/*',
];

// The rule that keeps UI libraries out of what the server runs too.
const NO_UI_LIBRARIES = [
  'error',
  {
    patterns: [
      {
        group: UI_LIBRARIES,
        message: 'The shared core runs on the server too: no UI library here.',
      },
    ],
  },
];

// Tests and their kits are not shipped; they may import what they check against.
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/testing/**'];

// Resolves extension-less TypeScript imports to files, so zones compare real paths.
const RESOLVER = {
  'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
};

// A zone of `no-restricted-paths` that lets a folder import only the given project globs
// (and libraries); `no-restricted-imports` patterns on relative paths are unreliable.
const fence = (globs, names) => ({
  basePath: ROOT,
  zones: [
    {
      target: [`${ROOT}/**/*`],
      from: [`${ROOT}/**/*`],
      except: [...globs, 'node_modules/**'].map((glob) => `${ROOT}/${glob}`),
      message: `Only ${names} may be imported here.`,
    },
  ],
});

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'coverage', '.test-data'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    // Node scripts written in plain JavaScript.
    files: ['**/*.{js,mjs}'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly' },
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
    },
  },
  {
    // The fence around the shared core (see docs/decisions.md, "The shared form core"):
    // src/core and the plugins' pure files import only each other and schemas/, and no UI
    // library. Tests and test kits may reach further (translations, test servers).
    files: ['src/core/**/*.{ts,tsx}', PLUGIN_PURE],
    ignores: TEST_FILES,
    plugins: { 'import-x': importX },
    settings: RESOLVER,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        fence(['src/core/**', 'schemas/**', PLUGIN_PURE], "src/core, schemas and plugins' rules"),
      ],
      'no-restricted-imports': NO_UI_LIBRARIES,
    },
  },
  {
    // The catalog and its bound entry points join the core and the plugins' rules, and may
    // import each other; the core may not import them (the fence above).
    files: [PLUGIN_CATALOG],
    plugins: { 'import-x': importX },
    settings: RESOLVER,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        fence(
          ['src/core/**', 'schemas/**', PLUGIN_PURE, PLUGIN_CATALOG],
          "src/core, schemas, plugins' rules and their catalog",
        ),
      ],
      'no-restricted-imports': NO_UI_LIBRARIES,
    },
  },
  {
    // The server imports only itself, schemas/, the core, the plugins' rules and their catalog.
    files: ['server/**/*.ts'],
    ignores: TEST_FILES,
    plugins: { 'import-x': importX },
    settings: RESOLVER,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        fence(
          ['server/**', 'schemas/**', 'src/core/**', PLUGIN_PURE, PLUGIN_CATALOG],
          "server, schemas, src/core, plugins' rules and their catalog",
        ),
      ],
    },
  },
);
