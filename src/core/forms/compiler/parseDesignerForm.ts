import type { PluginCatalog } from '../plugins/pluginCatalog';
import type {
  DesignerField,
  DesignerForm,
  DesignerOutcome,
  NormalizedOutcome,
  NormalizedSection,
  VisibilityRule,
} from '../../../../schemas/forms';
import type { CompileWarning, ParsedForm } from './compileTypes';
import { normalizeDesignerField } from './normalizeDesignerField';
import { bothRules, ruleOfDesigner } from '../visibility/visibilityRule';

/**
 * Parses a designer form (already valid against `DesignerForm`) into the normalised form.
 * Top-level `fields` form one untitled section, followed by the written `sections`.
 * Form outcomes are the form's own `outcomes`, else the buttons its fields show (each
 * type's `formOutcomes`).
 */
export function parseDesignerForm(definition: DesignerForm, catalog: PluginCatalog): ParsedForm {
  const warnings: CompileWarning[] = [];
  const sections: NormalizedSection[] = [];
  const fieldPaths: string[][] = [];
  // 1. Gather the sections as written, with the path of their field list.
  const written: {
    id: string;
    title: NormalizedSection['title'];
    fields: DesignerField[];
    path: string;
    visibleWhen?: VisibilityRule | undefined;
  }[] = [];
  if (definition.fields) {
    written.push({ id: 'main', title: '', fields: definition.fields, path: '/fields' });
  }
  (definition.sections ?? []).forEach((section, index) => {
    written.push({
      id: section.id ?? `section-${index + 1}`,
      title: section.title ?? '',
      fields: section.fields,
      path: `/sections/${index}/fields`,
      visibleWhen: section.visibleWhen ? ruleOfDesigner(section.visibleWhen) : undefined,
    });
  });
  // 2. Normalise every field.
  for (const section of written) {
    const fields = section.fields.map((source, index) => {
      const { field, warnings: fieldWarnings } = normalizeDesignerField(
        source,
        `${section.path}/${index}`,
        catalog,
      );
      warnings.push(...fieldWarnings);
      // A section's condition holds for each of its fields, with the field's own.
      const visibleWhen = bothRules(section.visibleWhen, field.visibleWhen);
      return visibleWhen ? { ...field, visibleWhen } : field;
    });
    sections.push({ id: section.id, title: section.title, fields });
    fieldPaths.push(section.fields.map((_, index) => `${section.path}/${index}`));
  }
  // 3. Outcomes: the form's own, else the buttons its fields show.
  const fromFields = sections
    .flatMap((section) => section.fields)
    .flatMap((field) => catalog.rulesOf(field.type).formOutcomes?.(field) ?? []);
  const outcomes = uniqueOutcomes(definition.outcomes ?? fromFields);
  return {
    form: {
      id: definition.id,
      kind: 'designer',
      name: definition.name,
      ...(definition.version !== undefined ? { version: definition.version } : {}),
      sections,
      outcomes,
      ...(definition.outcomeVariableName
        ? { outcomeVariableName: definition.outcomeVariableName }
        : {}),
    },
    fieldPaths,
    warnings,
  };
}

function uniqueOutcomes(outcomes: readonly DesignerOutcome[]): NormalizedOutcome[] {
  const seen = new Set<string>();
  const unique: NormalizedOutcome[] = [];
  for (const outcome of outcomes) {
    if (seen.has(outcome.key)) continue;
    seen.add(outcome.key);
    unique.push({ key: outcome.key, label: outcome.label, type: outcome.type ?? 'DEFAULT' });
  }
  return unique;
}
