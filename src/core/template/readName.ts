const NAME = /^\s*([A-Za-z_$][\w$]*)\s*$/;

/**
 * Reads a placeholder that is one bare name (`${ fullName }`), as form fields and the demo
 * data write them; anything else (`${a.b}`, `${x + 1}`) is not read and stays as written,
 * since the full expression language runs only in the engine.
 */
export function readName(source: string): string | undefined {
  return NAME.exec(source)?.[1];
}
