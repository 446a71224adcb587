import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { VALUE_TYPES } from '../../../../schemas/forms';
import { UNSUPPORTED_TYPE } from '../plugins/pluginCatalog';

const PLUGINS = join(process.cwd(), 'plugins');
const SOURCE = join(import.meta.dirname, 'normalizePlainField.ts');

/**
 * The compiler modules that read every field alike and leave what a type makes of it to
 * its plugin's rules. In a value schema's module `number`, `boolean` and `object` are value
 * types (and JSON Schema's), not the plugins of the same name.
 */
const TYPE_FREE_SOURCES: readonly { file: string; valueTypeNames?: boolean }[] = [
  { file: 'normalizePlainField.ts' },
  { file: 'normalizeDesignerField.ts' },
  { file: 'parseDesignerForm.ts' },
  { file: 'fieldValueSchema.ts', valueTypeNames: true },
];

/** The type ids of the plugin folders on disk; `unsupported` is the compiler's own. */
const TYPE_IDS = readdirSync(PLUGINS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== UNSUPPORTED_TYPE)
  .map((entry) => entry.name);

/** A module's string literals and the modules it imports, resolved from `file`. */
function scan(file: string, text: string): { literals: string[]; imports: string[] } {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const literals: string[] = [];
  const imports: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      imports.push(resolve(dirname(file), node.moduleSpecifier.text));
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (specifier && ts.isStringLiteral(specifier)) {
        imports.push(resolve(dirname(file), specifier.text));
      }
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      literals.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { literals, imports };
}

/**
 * What a module says of the plugin folders: type ids it names, plugin modules it imports.
 * With `valueTypeNames`, a literal that is a value type's name is read as that.
 */
function pluginFacts(file: string, text: string, valueTypeNames = false) {
  const { literals, imports } = scan(file, text);
  const isTypeId = (literal: string) =>
    TYPE_IDS.includes(literal) &&
    !(valueTypeNames && (VALUE_TYPES as readonly string[]).includes(literal));
  return {
    typeIds: [...new Set(literals.filter(isTypeId))],
    pluginImports: imports
      .map((target) => relative(PLUGINS, target))
      .filter((path) => !path.startsWith('..'))
      .map((path) => `plugins/${path}`),
  };
}

describe('normalizePlainField leaves each type to its plugin folder', () => {
  it.each(TYPE_FREE_SOURCES)(
    'given the plugin folders on disk, when $file is read, then it names no type id and imports nothing from plugins/',
    ({ file, valueTypeNames }) => {
      expect(TYPE_IDS).toEqual(expect.arrayContaining(['number', 'text', 'select-folder']));
      const path = join(import.meta.dirname, file);
      expect(pluginFacts(path, readFileSync(path, 'utf8'), valueTypeNames)).toEqual({
        typeIds: [],
        pluginImports: [],
      });
    },
  );

  it('given a module that switches on a type and imports a plugin, when read, then both are found', () => {
    const text = [
      "import { readDateTime } from '../../../../plugins/datetime/validate';",
      "import { FIELD_CATALOG } from '../../../../plugins/catalog';",
      "export const isDay = (type: string) => type === 'date' || type === `select-folder`;",
      "export const read = () => import('../../../../plugins/dynamic-table/columns');",
      '',
    ].join('\n');
    expect(pluginFacts(SOURCE, text)).toEqual({
      typeIds: ['date', 'select-folder'],
      pluginImports: [
        'plugins/datetime/validate',
        'plugins/catalog',
        'plugins/dynamic-table/columns',
      ],
    });
  });

  it('given a value schema module, when its value type names are read as such, then only the other type ids are found', () => {
    const text = "export const kinds = ['number', 'object', 'date'];\n";
    expect(pluginFacts(SOURCE, text, true).typeIds).toEqual(['date']);
    expect(pluginFacts(SOURCE, text).typeIds).toEqual(['number', 'object', 'date']);
  });
});
