import { sql, type RawBuilder } from 'kysely';
import type { Language } from '../engine/displayNames';

/** The collation of each interface language (migration 0970). */
const COLLATION_OF: Record<Language, string> = {
  en: 'tessera_en',
  es: 'tessera_es',
  fr: 'tessera_fr',
};

/**
 * A text expression compared as the reader's language orders words (accents beside their
 * letter, case only breaking ties), the same on PostgreSQL and PGlite; English when the
 * language is not known.
 */
export function collated(expression: RawBuilder<unknown>, language: Language | undefined) {
  return sql<string>`(${expression}) collate ${sql.id(COLLATION_OF[language ?? 'en'])}`;
}
