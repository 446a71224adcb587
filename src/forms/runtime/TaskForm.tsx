import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NormalizedForm, NormalizedOutcome } from '../../../schemas/forms';
import { localizeText } from '../../core/forms/compiler/localizeText';
import { defaultFieldRegistry } from '../registry/createFieldRegistry';
import type { Translate } from '../registry/fieldPlugin';
import type { FieldRegistry } from '../registry/FieldRegistry';
import type { FormServices } from '../registry/formServices';
import { addPluginTranslations } from '../registry/pluginTranslations';
import { createErrorScroller } from './createErrorScroller';
import { ErrorSummary, fieldsInError } from './ErrorSummary';
import { firstErrorFieldId } from './firstErrorFieldId';
import { FormRenderer } from './FormRenderer';
import { FormStore } from './FormStore';
import type { FormValues } from './FormValidator';
import { outcomeModeOf } from '../../core/forms/fields/outcomeMode';
import { OutcomeBar } from './OutcomeBar';
import type { Breakpoint } from './planGrid';

/** Props of {@link TaskForm}. */
export interface TaskFormProps {
  /** The compiled form. */
  readonly form: NormalizedForm;
  /** Saved values (task variables, a draft) the form opens with. */
  readonly initialValues?: Readonly<Record<string, unknown>>;
  /**
   * Nothing may be edited and the outcome bar is hidden (a team task, a report); formula
   * fields show their stored values rather than recalculating.
   */
  readonly readOnly?: boolean;
  /** The language of labels and messages (`en`, `es`, `fr`). */
  readonly locale: string;
  /** Author mode: field ids beside labels, option values, the formula view. */
  readonly accessTest?: boolean;
  /**
   * An outcome was clicked. Submitting outcomes (SECTION_SUBMIT, the default type) arrive
   * only once the form is valid; saving ones (SECTION_SAVE, ONLY_FORM_SAVE) as they are.
   * Resolve to mark the values saved; reject to keep them unsaved.
   */
  onSubmit(outcome: NormalizedOutcome, values: FormValues): void | Promise<void>;
  /** Saves a draft (unvalidated); with it, the bar shows a Save button. */
  onSaveDraft?: (values: FormValues) => void | Promise<void>;
  /** The store from `useFormStore`, when the page needs to ask it things (dirty?). */
  readonly store?: FormStore;
  /** Services for fields that need the page (user directory, files). */
  readonly services?: FormServices;
  /** Another registry than the app's (tests, embedding hosts). */
  readonly registry?: FieldRegistry;
  /** Forces a breakpoint's layout instead of the viewport's. */
  readonly breakpoint?: Breakpoint;
}

const NO_SERVICES: FormServices = Object.freeze({});
const DRAFT = 'draft';

/**
 * The buttons of the bar: none when the form places a field that brings the form's outcomes
 * (its rules' `formOutcomes`: its buttons stand where the designer put them), else the
 * form's outcomes, or one Complete when it has none.
 */
function barOutcomes(
  form: NormalizedForm,
  t: Translate,
  registry: FieldRegistry,
): NormalizedOutcome[] {
  const placed = form.sections.some((section) =>
    section.fields.some((field) => registry.get(field.type)?.formOutcomes !== undefined),
  );
  if (placed) return [];
  if (form.outcomes.length > 0) return form.outcomes;
  return [{ key: 'complete', label: t('forms.complete'), type: 'DEFAULT' }];
}

/** Whether the form has a saving outcome of its own, which makes a separate Save redundant. */
function savesItself(form: NormalizedForm): boolean {
  return form.outcomes.some((outcome) => outcomeModeOf(outcome.type) === 'save');
}

/**
 * A task's form: the rendered fields and the outcome bar. The task page renders it below
 * its header. On a refused submit it scrolls to the first error; after a handler
 * resolves, the values count as saved (no unsaved-changes prompt).
 */
export function TaskForm({
  form,
  initialValues,
  readOnly = false,
  locale,
  accessTest = false,
  onSubmit,
  onSaveDraft,
  store: givenStore,
  services = NO_SERVICES,
  registry = defaultFieldRegistry(),
  breakpoint,
}: TaskFormProps) {
  // The store opens in the mode the form first had (no recalculation to undo); a change
  // of mode later goes through the store, which keeps what was typed.
  const [openedReadOnly] = useState(readOnly);
  const store = useMemo(
    () =>
      givenStore ??
      new FormStore(form, {
        registry,
        readOnly: openedReadOnly,
        ...(initialValues ? { initialValues } : {}),
      }),
    [givenStore, form, initialValues, registry, openedReadOnly],
  );
  // A given store (the task page's) follows the page's read-only state before it is painted.
  useLayoutEffect(() => store.setReadOnly(readOnly), [store, readOnly]);
  const { i18n } = useTranslation();
  addPluginTranslations(i18n);
  const t = useMemo<Translate>(() => {
    const fixed = i18n.getFixedT(locale);
    return (key, params) => String(fixed(key, params ?? {}));
  }, [i18n, locale]);
  const idPrefix = `tf${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const [busyKey, setBusyKey] = useState<string | null>(null);

  // The page's handlers change identity on every render; the listener reads the latest.
  const handlers = useRef({ onSubmit, onSaveDraft, announce: services.announce });
  useEffect(() => {
    handlers.current = { onSubmit, onSaveDraft, announce: services.announce };
  });

  const run = useCallback(
    async (key: string, action: () => void | Promise<void>) => {
      setBusyKey(key);
      try {
        await action();
        store.markSaved();
      } catch {
        // The page reports its own failure (a toast); the values stay unsaved.
      } finally {
        setBusyKey(null);
      }
    },
    [store],
  );

  useEffect(() => {
    const scroller = createErrorScroller((fieldId) => {
      store.reveal(fieldId);
      return document.getElementById(`${idPrefix}_${fieldId}`);
    });
    const stop = store.listen({
      onOutcome: ({ outcome, values }) =>
        void run(outcome.key, () => handlers.current.onSubmit(outcome, values)),
      onInvalid: (errors) => {
        const fieldId = firstErrorFieldId(errors, store.fieldIds());
        if (fieldId) scroller.request(fieldId);
        // One announcement for the whole refusal, not one alert per field.
        const count = fieldsInError(store).length;
        if (count > 0) handlers.current.announce?.('forms.errorSummary.count', { count });
      },
    });
    return () => {
      stop();
      scroller.cancel();
    };
  }, [store, run, idPrefix]);

  const saveDraft = useCallback(
    () => void run(DRAFT, () => handlers.current.onSaveDraft?.(store.values())),
    [run, store],
  );
  const outcomes = useMemo(() => barOutcomes(form, t, registry), [form, t, registry]);
  const offerSave = onSaveDraft !== undefined && !savesItself(form);

  return (
    <section className="tf-task-form" aria-label={localizeText(form.name, locale)}>
      {!readOnly && <ErrorSummary store={store} idPrefix={idPrefix} locale={locale} t={t} />}
      <FormRenderer
        store={store}
        registry={registry}
        locale={locale}
        t={t}
        accessTest={accessTest}
        readOnly={readOnly}
        services={services}
        idPrefix={idPrefix}
        {...(breakpoint ? { breakpoint } : {})}
      />
      {!readOnly && (outcomes.length > 0 || offerSave) && (
        <OutcomeBar
          outcomes={outcomes}
          locale={locale}
          t={t}
          onOutcome={store.requestOutcome}
          {...(offerSave ? { onSaveDraft: saveDraft } : {})}
          busyKey={busyKey}
        />
      )}
    </section>
  );
}
