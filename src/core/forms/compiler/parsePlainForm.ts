import type { PluginCatalog } from '../plugins/pluginCatalog';
import type {
  NormalizedField,
  NormalizedOutcome,
  NormalizedSection,
  PlainForm,
} from '../../../../schemas/forms';
import type { CompileWarning, ParsedForm } from './compileTypes';
import { flattenPlainFields } from './flattenPlainFields';
import { normalizePlainField } from './normalizePlainField';
import { plainTranslator } from './plainTranslator';

const MAIN_SECTION = 'main';

/**
 * Parses a Flowable form model (already valid against `PlainForm`) into the normalised
 * form. Tabs, when the model has them, become sections; containers are flattened into
 * their section in reading order. Outcomes keep Flowable's `name` as the key, because
 * that is the value Flowable stores in the outcome variable. Texts come in every language
 * the form's `translations` block gives (see `plainTranslator`).
 */
export function parsePlainForm(
  definition: PlainForm,
  catalog: PluginCatalog,
  fallbackId = 'form',
): ParsedForm {
  // 1. The body sits at the top level or, in modeler and app exports, under
  //    `formDefinition` or `editorJson`.
  const wrapper = definition.formDefinition
    ? 'formDefinition'
    : definition.editorJson
      ? 'editorJson'
      : undefined;
  const body = (wrapper && definition[wrapper]) ?? definition;
  const base = wrapper ? `/${wrapper}` : '';
  const warnings: CompileWarning[] = [];
  const translate = plainTranslator(definition);
  // 2. One section per tab, else one untitled section.
  const tabs = body.tabs ?? definition.tabs ?? [];
  const tabsPath = body.tabs ? `${base}/tabs` : '/tabs';
  const sections: {
    section: Omit<NormalizedSection, 'fields'>;
    fields: NormalizedField[];
    paths: string[];
  }[] =
    tabs.length > 0
      ? tabs.map((tab, index) => ({
          section: {
            id: tab.id,
            title: tab.title
              ? translate.tab(tab.id, tab.title, `${tabsPath}/${index}/title`)
              : tab.id,
          },
          fields: [],
          paths: [],
        }))
      : [{ section: { id: MAIN_SECTION, title: '' }, fields: [], paths: [] }];
  const sectionByTab = new Map(sections.map((entry) => [entry.section.id, entry]));
  // 3. Flatten containers, then normalise each field into its tab's section.
  const flattened = flattenPlainFields(
    body.fields ?? [],
    `${base}/fields`,
    tabs.map((tab, index) => ({
      id: tab.id,
      visibilityCondition: (tab as { visibilityCondition?: unknown }).visibilityCondition,
      path: `${tabsPath}/${index}`,
    })),
  );
  warnings.push(...flattened.warnings);
  flattened.entries.forEach((entry, index) => {
    const { field, warnings: fieldWarnings } = normalizePlainField(
      entry,
      `field_${index + 1}`,
      catalog,
      translate,
    );
    warnings.push(...fieldWarnings);
    const target = (entry.tab !== null ? sectionByTab.get(entry.tab) : undefined) ?? sections[0];
    target?.fields.push(field);
    target?.paths.push(entry.path);
  });
  // 4. Outcomes: Flowable stores the chosen outcome's name.
  const outcomes: NormalizedOutcome[] = [];
  const seen = new Set<string>();
  const outcomesPath = body.outcomes ? `${base}/outcomes` : '/outcomes';
  (body.outcomes ?? definition.outcomes ?? []).forEach((outcome, index) => {
    const key = outcome.name || outcome.id || '';
    if (key === '' || seen.has(key)) return;
    seen.add(key);
    const label = translate.outcome(
      [outcome.id, outcome.name],
      outcome.name,
      `${outcomesPath}/${index}/name`,
    );
    outcomes.push({ key, label, type: 'DEFAULT' });
  });
  const outcomeVariableName = body.outcomeVariableName ?? definition.outcomeVariableName;
  const id =
    definition.key ||
    (definition.id !== null && definition.id !== undefined ? String(definition.id) : '') ||
    fallbackId;
  return {
    form: {
      id,
      kind: 'plain',
      name: definition.name ? translate.formName(definition.name) : definition.key || id,
      ...(typeof definition.version === 'number' ? { version: definition.version } : {}),
      sections: sections.map(({ section, fields }) => ({ ...section, fields })),
      outcomes,
      ...(outcomeVariableName ? { outcomeVariableName } : {}),
    },
    fieldPaths: sections.map(({ paths }) => paths),
    // 5. The texts the translations lack, after the problems of the fields themselves.
    warnings: [...warnings, ...translate.warnings],
  };
}
