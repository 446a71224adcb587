/** What every error status of the API means, for the description's answers. */
const ERROR_ANSWERS: Record<string, string> = {
  '400': 'Refused input: a body, path or query that does not fit, or a rule that refused it.',
  '401': 'Not signed in, or a password must be changed first.',
  '403': 'Signed in without the privilege or the share of the case this call needs.',
  '404': 'Nothing of that id in the tenant, or no such tenant.',
  '409': 'The state changed meanwhile (a claim lost, an edited version).',
  '413': 'The body or file is too large.',
  '415': 'A file type that is not accepted.',
  '421': 'A host name this server does not answer for.',
  '422': 'A file whose content is refused.',
  '429': 'Too many requests, or a queue that is full.',
  '500': 'The server failed; the details are in its log only.',
  '503': 'Maintenance, or a service the call needs is down.',
};

/** @fastify/swagger's placeholder for an answer whose schema has no description. */
const PLACEHOLDER = 'Default Response';

interface Operation {
  tags?: string[];
  responses?: Record<string, { description?: string } | undefined>;
}

/**
 * The group of a path: its first segment after `/api` (`/api/task/...` is `task`), or its
 * first segment (`/identity/...` is `identity`).
 */
export function tagOf(path: string): string {
  const [first, second] = path.split('/').filter(Boolean);
  return (first === 'api' ? second : first) ?? 'api';
}

/**
 * Fills what the route schemas leave generic: each answer's description by its status
 * (errors all share `ErrorBody`, so the status says what happened) and a group per path for
 * operations without tags. Changes `paths` in place and answers the document.
 */
export function describeAnswers<Document extends { paths?: object }>(document: Document): Document {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation | undefined>>;
  for (const [path, operations] of Object.entries(paths)) {
    for (const operation of Object.values(operations)) {
      if (!operation || typeof operation !== 'object') continue;
      if (!operation.tags?.length) operation.tags = [tagOf(path)];
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        if (!answer || answer.description !== PLACEHOLDER) continue;
        answer.description = ERROR_ANSWERS[status] ?? (status.startsWith('2') ? 'Done.' : status);
      }
    }
  }
  return document;
}
