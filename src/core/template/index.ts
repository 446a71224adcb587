// `${...}` templates: one grammar and one filler for task names, candidate groups, the task
// header, expression fields and hyperlinks, on the server and in the browser.
export { splitTemplate, type ReadPlaceholder, type TemplatePiece } from './splitTemplate';
export { fillTemplate, formatTemplateValue, type FillTemplateOptions } from './fillTemplate';
export { readName } from './readName';
