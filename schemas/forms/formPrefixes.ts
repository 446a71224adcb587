/**
 * The formKey prefix of forms built in the graphical designer. A form's id decides its
 * format (spec 001 section 1), so the prefix is shared by the server, the SPA and the CLI.
 */
export const DESIGNER_PREFIX = 'DSG-';

/** The formKey prefix of combined user tasks, which chain several forms into one task. */
export const COMBINED_PREFIX = 'CUT-';

/** The three definition formats the compiler reads. */
export const FORM_KINDS = ['plain', 'designer', 'combined'] as const;
/** Which format a definition is written in. */
export type FormKind = (typeof FORM_KINDS)[number];
