import type { PluginCatalog } from '../plugins/pluginCatalog';
import {
  DESIGNER_PREFIX,
  type CombinedFormRef,
  type CombinedTask,
  type DesignerForm,
  type NormalizedFormPart,
  type NormalizedOutcome,
  type NormalizedSection,
  type PlainForm,
} from '../../../../schemas/forms';
import type { CompileWarning, ParsedForm, ResolveForm } from './compileTypes';
import { checkFormulas } from './checkFormulas';
import { createIdAllocator, dedupeFieldIds } from './dedupeFieldIds';
import { measureDefinition } from './measureDefinition';
import { detectFormKind } from './detectFormKind';
import { parseDesignerForm } from './parseDesignerForm';
import { parsePlainForm } from './parsePlainForm';
import { validateDefinition } from './validateDefinition';

/**
 * Parses a combined task (already valid against `CombinedTask`): each of its forms, in
 * order, becomes a part with its own sections and outcomes. Each part is compiled on its
 * own, so ids are unique and formulas resolve within the form they belong to (each form
 * of a combined task is saved separately). A reference that does not resolve, resolves
 * to another combined task, or fails its schema is a warning and an empty section.
 */
export function parseCombinedTask(
  definition: CombinedTask,
  options: { readonly resolveForm?: ResolveForm; readonly catalog: PluginCatalog },
): ParsedForm {
  const warnings: CompileWarning[] = [];
  const sections: NormalizedSection[] = [];
  const fieldPaths: string[][] = [];
  const parts: NormalizedFormPart[] = [];
  const sectionIds = new Set<string>();
  // Renamed ids skip every id handed out so far, in linear time however many repeat.
  const renameSection = createIdAllocator(sectionIds);
  const uniqueSectionId = (wanted: string): string => {
    const id = sectionIds.has(wanted) ? renameSection(wanted) : wanted;
    sectionIds.add(id);
    return id;
  };
  definition.forms.forEach((item, index) => {
    const base = `/forms/${index}`;
    // 1. Find the form: inline, or through the resolver.
    const isRef = 'ref' in item && typeof item.ref === 'string';
    const ref = isRef ? (item as CombinedFormRef) : undefined;
    const title = ref?.title;
    let source: unknown = item;
    if (ref) {
      source = options.resolveForm?.(ref.ref);
      const problem = refProblem(ref.ref, source, options.catalog);
      if (problem) {
        warnings.push({
          code: problem.code,
          path: `${base}/ref`,
          params: { ref: ref.ref, ...problem.params },
        });
        const sectionId = uniqueSectionId(ref.ref);
        sections.push({ id: sectionId, title: title ?? ref.ref, formId: ref.ref, fields: [] });
        fieldPaths.push([]);
        parts.push({
          formId: ref.ref,
          kind: detectFormKind(ref.ref) === 'designer' ? 'designer' : 'plain',
          name: title ?? ref.ref,
          sectionIds: [sectionId],
          outcomes: [],
          resolved: false,
        });
        return;
      }
    }
    // 2. Compile the form on its own: parse, unique ids, formulas. An inline form's format
    //    is chosen as its schema chose it: by a `DSG-` id, not by its key.
    const kind = ref
      ? detectFormKind(source) === 'designer'
        ? 'designer'
        : 'plain'
      : isDesignerId((item as { id?: unknown }).id)
        ? 'designer'
        : 'plain';
    const parsed = checkFormulas(
      dedupeFieldIds(
        kind === 'designer'
          ? parseDesignerForm(source as DesignerForm, options.catalog)
          : parsePlainForm(source as PlainForm, options.catalog, ref?.ref ?? `form-${index + 1}`),
      ),
      options.catalog,
    );
    const formId = ref?.ref ?? parsed.form.id;
    warnings.push(
      ...parsed.warnings.map((warning) => ({ ...warning, path: `${base}${warning.path}` })),
    );
    // 3. Add its sections, named after the form so they stay unique across forms.
    const partSectionIds: string[] = [];
    parsed.form.sections.forEach((section, s) => {
      const id = uniqueSectionId(`${formId}.${section.id}`);
      partSectionIds.push(id);
      sections.push({ ...section, id, formId });
      fieldPaths.push((parsed.fieldPaths[s] ?? []).map((path) => `${base}${path}`));
    });
    parts.push({
      formId,
      kind,
      name: title ?? parsed.form.name,
      sectionIds: partSectionIds,
      outcomes: parsed.form.outcomes,
      ...(parsed.form.outcomeVariableName
        ? { outcomeVariableName: parsed.form.outcomeVariableName }
        : {}),
      resolved: true,
    });
  });
  return {
    form: {
      id: definition.id,
      kind: 'combined',
      name: definition.name,
      sections,
      outcomes: mergeOutcomes(parts),
      parts,
    },
    fieldPaths,
    warnings,
  };
}

function isDesignerId(id: unknown): boolean {
  return typeof id === 'string' && id.startsWith(DESIGNER_PREFIX);
}

type RefProblem = {
  code: 'combined.unresolvedRef' | 'combined.nestedCombined' | 'combined.invalidForm';
  params: Record<string, string | number>;
};

// Why a resolved reference cannot be used, if it cannot.
function refProblem(ref: string, source: unknown, catalog: PluginCatalog): RefProblem | undefined {
  if (source === undefined || source === null)
    return { code: 'combined.unresolvedRef', params: {} };
  const kind = detectFormKind(source);
  if (kind === 'combined' || detectFormKind(ref) === 'combined') {
    return { code: 'combined.nestedCombined', params: {} };
  }
  // A stored form from before the size limits may break one; it is checked before its schema.
  const limit = measureDefinition(source).error;
  const errors = limit ? [limit] : validateDefinition(kind, source, catalog);
  const first = errors[0];
  if (first) {
    return {
      code: 'combined.invalidForm',
      params: { errorCount: errors.length, firstError: first.code, firstErrorPath: first.path },
    };
  }
  return undefined;
}

// The task's outcome bar offers each distinct outcome of its forms, in form order; the
// runtime shows a part's own outcomes while that part is open.
function mergeOutcomes(parts: readonly NormalizedFormPart[]): NormalizedOutcome[] {
  const seen = new Set<string>();
  const merged: NormalizedOutcome[] = [];
  for (const outcome of parts.flatMap((part) => part.outcomes)) {
    if (seen.has(outcome.key)) continue;
    seen.add(outcome.key);
    merged.push(outcome);
  }
  return merged;
}
