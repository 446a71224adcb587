import type { ModdleNode } from 'bpmn-moddle';
import type { DeployWarning } from './extensionDialects';
import { extensionValues } from './moddleNodes';

/**
 * Prefixes of XML itself, of the schema-instance namespace, and of Flowable Design's drawing
 * settings (`design:stencilid`), which say how the diagram is drawn, not how it runs.
 */
const QUIET_PREFIXES: ReadonlySet<string> = new Set(['xmlns', 'xml', 'xsi', 'design']);

/**
 * Settings the modellers (APS's, bound as `modeler:` or read as `apsModeler:`, and Camunda
 * Modeler's `modeler:`) write for themselves: version stamps, what their pickers showed, how
 * a condition was drawn. The attributes that run (form key, assignee, the condition's
 * expression) say the same, so these are not worth a warning; `initiator-can-complete` is read.
 */
const QUIET_MODELLER_NAMES: ReadonlySet<string> = new Set([
  'editor-resource-id',
  'initiator-can-complete',
  'exportDateTime',
  'modelId',
  'modelLastUpdated',
  'modelVersion',
  'version',
  'originalModelId',
  'originalModelVersion',
  'executionPlatform',
  'executionPlatformVersion',
  'form-reference-id',
  'form-reference-name',
  'form-reference-key',
  'activiti-idm-initiator',
  'activiti-idm-candidate-group',
  'activiti-idm-candidate-user',
  'activiti-idm-assignee',
  'conditionDefinition',
  'ignore-listener-on-import',
]);

/** The prefixes modellers' own settings arrive under. */
const MODELLER_PREFIXES: ReadonlySet<string> = new Set(['apsModeler', 'modeler']);

/** The namespace of Camunda 8 (Zeebe) files, whose settings mean nothing to this engine. */
export const ZEEBE_URI = 'http://camunda.org/schema/zeebe/1.0';

/**
 * Collects the attributes and extension elements of namespaces no dialect of the engine
 * reads (APS's modeller settings such as `modeler:allow-send-email`, a vendor's own), so a
 * setting the file carries is named to the author instead of silently dropped. One warning
 * per name for the whole file, naming the first element and how many carry it.
 */
export class ForeignExtensions {
  private readonly found = new Map<string, { element: ModdleNode; count: number }>();

  constructor(private readonly isRead: (qualified: string) => boolean) {}

  /** Notes the element's foreign attributes and extension elements. */
  note(element: ModdleNode): void {
    for (const qualified of Object.keys(element.$attrs ?? {})) this.add(element, qualified);
    for (const extension of extensionValues(element)) this.add(element, extension.$type);
  }

  /** The warnings, one per foreign name, in the order first met. */
  warnings(spelled: (qualified: string) => string): DeployWarning[] {
    return [...this.found].map(([qualified, { element, count }]) => {
      const id = typeof element.id === 'string' ? element.id : null;
      const where = count === 1 ? '' : ` (and ${count - 1} more elements)`;
      const name = spelled(qualified);
      return {
        elementId: id,
        elementType: element.$type,
        attribute: name,
        message: `${element.$type} '${id ?? '(no id)'}'${where}: ${name} is not read: it belongs to no Camunda, Flowable or Activiti setting this engine knows, so it has no effect here`,
      };
    });
  }

  private add(element: ModdleNode, qualified: string): void {
    const colon = qualified.indexOf(':');
    if (colon < 0) return;
    const prefix = qualified.slice(0, colon);
    const quiet =
      QUIET_PREFIXES.has(prefix) ||
      (MODELLER_PREFIXES.has(prefix) && QUIET_MODELLER_NAMES.has(qualified.slice(colon + 1)));
    if (quiet || this.isRead(qualified)) return;
    const seen = this.found.get(qualified);
    if (seen) seen.count += 1;
    else this.found.set(qualified, { element, count: 1 });
  }
}
