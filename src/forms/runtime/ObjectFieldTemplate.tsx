import { Classes } from '@blueprintjs/core';
import type { ObjectFieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import type { CSSProperties, ReactElement } from 'react';
import { localizeText } from '../../core/forms/compiler/localizeText';
import type { FieldRuntime } from '../registry/fieldPlugin';
import { useRenderer } from './RendererContext';

// Custom properties read by the stylesheet to size a chunk before the browser lays it out.
function chunkStyle(rows: { desktop: number; tablet: number; phone: number }): CSSProperties {
  return {
    '--tf-rows-d': rows.desktop,
    '--tf-rows-t': rows.tablet,
    '--tf-rows-p': rows.phone,
  } as CSSProperties;
}

/**
 * The form's body: its sections, each a titled run of 12-column grids. rjsf renders each
 * property once; this template only places the rendered cells by the precomputed plan.
 */
export function ObjectFieldTemplate({
  properties,
  registry,
}: ObjectFieldTemplateProps<unknown, RJSFSchema, FieldRuntime>) {
  const { plan } = useRenderer();
  const { locale } = registry.formContext;
  const cells = new Map<string, ReactElement>();
  for (const property of properties) cells.set(property.name, property.content);
  return (
    <div className="tf-sections">
      {plan.sections.map((section) => {
        const title = localizeText(section.title, locale);
        // An untitled section with nothing in it (a form of no fields) is not an empty card.
        if (!title && section.chunks.every((chunk) => chunk.fieldIds.length === 0)) return null;
        return (
          <section key={section.id} className="tf-section" aria-label={title || undefined}>
            {title && <h2 className={`${Classes.HEADING} tf-section-title`}>{title}</h2>}
            {section.chunks.map((chunk, index) => (
              <div key={index} className="tf-grid tf-chunk" style={chunkStyle(chunk.rows)}>
                {chunk.fieldIds.map((fieldId) => cells.get(fieldId))}
              </div>
            ))}
          </section>
        );
      })}
    </div>
  );
}
