import { Classes } from '@blueprintjs/core';

// Field widgets style native controls with Blueprint's classes instead of wrapping them in
// Blueprint's components: a form may hold a thousand inputs, and a component layer per
// input costs mount time and memory for no visible difference.

const INPUT = `${Classes.INPUT} ${Classes.FILL}`;
const INPUT_INVALID = `${INPUT} ${Classes.INTENT_DANGER}`;

/** Classes of a Blueprint text input that fills its cell, red when invalid. */
export function inputClassName(invalid: boolean, extra?: string): string {
  // The common cases answer shared strings: a thousand inputs, one string.
  if (!extra) return invalid ? INPUT_INVALID : INPUT;
  return `${invalid ? INPUT_INVALID : INPUT} ${extra}`;
}

const SELECT = `${Classes.HTML_SELECT} ${Classes.FILL} tf-select`;
const SELECT_INVALID = `${SELECT} ${Classes.INTENT_DANGER}`;

/** Classes of the wrapper of a native select styled as Blueprint's HTMLSelect. */
export function selectClassName(invalid: boolean): string {
  return invalid ? SELECT_INVALID : SELECT;
}

const CONTROLS = {
  checkbox: `${Classes.CONTROL} ${Classes.CHECKBOX}`,
  radio: `${Classes.CONTROL} ${Classes.RADIO}`,
  switch: `${Classes.CONTROL} ${Classes.SWITCH}`,
} as const;

/** Classes of a Blueprint checkbox, radio or switch label wrapping a native control. */
export function controlClassName(kind: keyof typeof CONTROLS, inline = false): string {
  return inline ? `${CONTROLS[kind]} ${Classes.INLINE}` : CONTROLS[kind];
}

/**
 * Class of the native input inside a Blueprint checkbox, radio or switch label. Blueprint 6
 * hides only inputs carrying it; without it the browser's own box shows beside the
 * indicator.
 */
export const CONTROL_INPUT = Classes.CONTROL_INPUT;

/** Blueprint's indicator span that draws a checkbox, radio or switch. */
export const CONTROL_INDICATOR = Classes.CONTROL_INDICATOR;
