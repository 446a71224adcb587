import type { ParsedForm, CompileWarning } from './compileTypes';
import { buildDependencyGraph } from '../formula';
import { collectFormulas } from './collectFormulas';
import type { PluginCatalog } from '../plugins/pluginCatalog';

/**
 * Checks every formula and message condition of a form at compile time: syntax,
 * forbidden constructs, unknown functions, argument counts, references to fields the
 * form does not have, and cycles. Each problem is a warning; at run time the formula
 * evaluates to an error value instead.
 */
export function checkFormulas(parsed: ParsedForm, catalog: PluginCatalog): ParsedForm {
  const formulas = collectFormulas(parsed.form, catalog.rulesOf);
  if (Object.keys(formulas).length === 0) return parsed;
  // 1. Locate each field's definition entry and its expression property.
  const fieldIds = new Set<string>();
  const pathOf = new Map<string, string>();
  parsed.form.sections.forEach((section, s) =>
    section.fields.forEach((field, f) => {
      fieldIds.add(field.id);
      pathOf.set(field.id, parsed.fieldPaths[s]?.[f] ?? '');
    }),
  );
  const expressionPath = (id: string): string =>
    `${pathOf.get(id) ?? ''}/config/${formulas[id]?.kind === 'condition' ? 'condition' : 'expression'}`;
  // 2. Parse them all into one graph.
  const graph = buildDependencyGraph(formulas);
  const warnings: CompileWarning[] = [...parsed.warnings];
  for (const node of graph.nodes.values()) {
    // 3. Parse issues carry the same codes as the warnings.
    for (const issue of node.issues) {
      warnings.push({
        code: issue.code,
        path: expressionPath(node.id),
        params: { fieldId: node.id, ...issue.params },
      });
    }
    // 4. References must name a field of this form.
    for (const reference of node.references) {
      if (!fieldIds.has(reference)) {
        warnings.push({
          code: 'formula.unknownReference',
          path: expressionPath(node.id),
          params: { fieldId: node.id, reference },
        });
      }
    }
  }
  // 5. One warning per cycle, at its first member.
  for (const cycle of graph.cycles) {
    const first = cycle[0] ?? '';
    warnings.push({
      code: 'formula.cycle',
      path: expressionPath(first),
      params: { fieldIds: [...cycle] },
    });
  }
  return { ...parsed, warnings };
}
