import { randomBytes } from 'node:crypto';
import { demoCreditScore, type DemoApplicant } from '../engine/handlers/creditCheck';

/** The risk bands of the stand-in credit bureau, best first; forms name them by letter. */
export const BUREAU_BANDS = ['A', 'B', 'C', 'D', 'E'] as const;

/** One risk band: A very low risk … E very high risk. */
export type BureauBand = (typeof BUREAU_BANDS)[number];

/**
 * The lowest score of each band but the last. C starts at the demo credit check's pass mark
 * (620), so A-C are the scores the loan origination's automatic check passes.
 */
const BAND_FLOORS: readonly [BureauBand, number][] = [
  ['A', 740],
  ['B', 680],
  ['C', 620],
  ['D', 560],
];

/** The band a score falls in. */
export function bureauBandOf(score: number): BureauBand {
  return BAND_FLOORS.find(([, floor]) => score >= floor)?.[0] ?? 'E';
}

// Crockford's base 32: no I, L, O or U, so a reference read out on the phone is not misheard.
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A new check reference, `CB-<year>-<10 characters>`: 50 bits from the operating system's
 * random source, so references are unique per check without any shared counter and cannot be
 * guessed from one another.
 */
export function newBureauReference(checkedAt: Date): string {
  const bytes = randomBytes(10);
  const code = [...bytes].map((byte) => REFERENCE_ALPHABET[byte % 32]).join('');
  return `CB-${checkedAt.getUTCFullYear()}-${code}`;
}

/** The stand-in credit bureau's answer to one check. */
export interface DemoBureauAnswer {
  /** The demo score, 300-850. */
  readonly score: number;
  /** The score's risk band. */
  readonly band: BureauBand;
  /** When the check was made, ISO 8601 in UTC. */
  readonly checkedAt: string;
  /** The bureau's reference of this check. */
  readonly reference: string;
}

/**
 * What the stand-in credit bureau answers for an applicant: the demo's one scoring rule
 * applied to the application's values, the score's band, the time of the check and a
 * reference of its own.
 */
export function demoBureauAnswer(applicant: DemoApplicant, now: Date): DemoBureauAnswer {
  const score = demoCreditScore(applicant);
  return {
    score,
    band: bureauBandOf(score),
    checkedAt: now.toISOString(),
    reference: newBureauReference(now),
  };
}
