import { Classes } from '@blueprintjs/core';
import type { ObjectFieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import type { ReactElement, ReactNode } from 'react';
import { localizeText } from '../../core/forms/compiler/localizeText';
import type { FieldHost, FieldRuntime } from '../registry/fieldPlugin';
import { useRenderer } from './RendererContext';
import { WindowedChunk } from './WindowedChunk';

/**
 * A section every field of which is shown only on a condition (an APS tab shown only when a
 * box is ticked): drawn, title included, only while one of its fields is shown, so its title
 * never heads an empty card.
 */
const ShownWhileAnyField = observer(function ShownWhileAnyField({
  host,
  fieldIds,
  children,
}: {
  readonly host: FieldHost;
  readonly fieldIds: readonly string[];
  readonly children: ReactNode;
}) {
  return fieldIds.some((fieldId) => host.isShown(fieldId)) ? children : null;
});

/**
 * The form's body: its sections, each a titled run of 12-column grids. rjsf renders each
 * property once; this template only places the rendered cells by the precomputed plan, a
 * long form's chunks as they near the screen (`ChunkWindow`).
 */
export function ObjectFieldTemplate({
  properties,
  registry,
}: ObjectFieldTemplateProps<unknown, RJSFSchema, FieldRuntime>) {
  const { plan, window } = useRenderer();
  const { locale, host, t } = registry.formContext;
  const cells = new Map<string, ReactElement>();
  for (const property of properties) cells.set(property.name, property.content);
  return (
    <div className="tf-sections">
      {plan.sections.map((section) => {
        const title = localizeText(section.title, locale);
        // An untitled section with nothing in it (a form of no fields) is not an empty card.
        if (!title && section.chunks.every((chunk) => chunk.fieldIds.length === 0)) return null;
        const drawn = (
          <section key={section.id} className="tf-section" aria-label={title || undefined}>
            {title && <h2 className={`${Classes.HEADING} tf-section-title`}>{title}</h2>}
            {section.chunks.map((chunk) => (
              <WindowedChunk key={chunk.index} chunk={chunk} window={window} t={t}>
                {() => chunk.fieldIds.map((fieldId) => cells.get(fieldId))}
              </WindowedChunk>
            ))}
          </section>
        );
        const fieldIds = section.chunks.flatMap((chunk) => chunk.fieldIds);
        // Only a section whose every field has a condition watches whether any is shown.
        const allRuled =
          fieldIds.length > 0 && fieldIds.every((fieldId) => host.fieldOf(fieldId)?.visibleWhen);
        return allRuled ? (
          <ShownWhileAnyField key={section.id} host={host} fieldIds={fieldIds}>
            {drawn}
          </ShownWhileAnyField>
        ) : (
          drawn
        );
      })}
    </div>
  );
}
