// The package ships types only under `bpmn-moddle/types`, not for its main entry. This
// declares just the part the definition parser uses; elements are read defensively.
declare module 'bpmn-moddle' {
  /** One parsed element: its moddle type, its properties, and unknown attributes. */
  export interface ModdleNode {
    readonly $type: string;
    readonly $attrs?: Readonly<Record<string, string>>;
    readonly [property: string]: unknown;
  }

  /** What `fromXML` resolves to. */
  export interface ModdleParseResult {
    readonly rootElement: ModdleNode;
    readonly warnings: readonly Error[];
    readonly elementsById: Readonly<Record<string, ModdleNode>>;
  }

  /** A BPMN 2.0 meta-model with optional extension packages (such as Camunda's). */
  export class BpmnModdle {
    constructor(
      packages?: Readonly<Record<string, unknown>>,
      options?: Readonly<Record<string, unknown>>,
    );
    fromXML(xml: string): Promise<ModdleParseResult>;
  }
}
