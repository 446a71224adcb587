import { describe, expect, it } from 'vitest';
import { creditCheck } from '../engine/handlers/creditCheck';
import type { ServiceTaskContext } from '../engine/ServiceHandlerRegistry';
import { bureauBandOf, demoBureauAnswer, newBureauReference } from './demoBureauAnswer';

const MARCH_14 = new Date('2026-03-14T10:32:05.123Z');

/** The loan origination's automatic credit check, run on these variables alone. */
async function originationScore(variables: ServiceTaskContext['variables']): Promise<unknown> {
  const context = { variables } as ServiceTaskContext;
  return (await creditCheck(context))?.creditScore;
}

describe('demoBureauAnswer', () => {
  it('given an applicant, when the stand-in bureau answers, then the score is the one the automatic credit check gives the same case', async () => {
    const applicants: ServiceTaskContext['variables'][] = [
      { loanAmount: 25_000, monthlyIncome: 4_000 },
      { loanAmount: 400_000, monthlyIncome: 2_500 },
      { loanAmount: '1000', monthlyIncome: '9000' },
      { loanAmount: 30_000 },
      {},
    ];
    for (const applicant of applicants) {
      const answer = demoBureauAnswer(applicant, MARCH_14);
      expect(answer.score, JSON.stringify(applicant)).toBe(await originationScore(applicant));
    }
  });

  it('given an applicant, when answered twice, then score, band and time repeat and the reference does not', () => {
    const applicant = { loanAmount: 25_000, monthlyIncome: 4_000 };
    const first = demoBureauAnswer(applicant, MARCH_14);
    const second = demoBureauAnswer(applicant, MARCH_14);
    // 25 000 against 48 000 a year: 820 - 0.5208 × 200.
    expect(first).toMatchObject({ score: 716, band: 'B', checkedAt: '2026-03-14T10:32:05.123Z' });
    expect(second).toMatchObject({ score: 716, band: 'B', checkedAt: first.checkedAt });
    expect(second.reference).not.toBe(first.reference);
  });

  it('given scores at the edges of each band, then A from 740, B from 680, C from the pass mark 620, D from 560, E below', () => {
    expect([850, 740, 739, 680, 679, 620, 619, 560, 559, 300].map(bureauBandOf)).toEqual([
      'A',
      'A',
      'B',
      'B',
      'C',
      'C',
      'D',
      'D',
      'E',
      'E',
    ]);
  });

  it('given many checks, when references are made, then each is CB-<year>- and ten unambiguous characters, all different', () => {
    const references = Array.from({ length: 2_000 }, () => newBureauReference(MARCH_14));
    for (const reference of references) {
      expect(reference).toMatch(/^CB-2026-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{10}$/);
    }
    expect(new Set(references).size).toBe(references.length);
  });
});
