/**
 * The one error a `${...}` expression can raise while being read. Deploy turns it into a
 * message naming the BPMN element, so it carries the offset for a precise pointer.
 */
export class ExpressionSyntaxError extends Error {
  /** Zero-based offset in the expression source where the problem was found. */
  readonly position: number;

  constructor(message: string, position: number) {
    super(message);
    // Set explicitly so the name survives bundling and minification.
    this.name = 'ExpressionSyntaxError';
    this.position = position;
  }
}
