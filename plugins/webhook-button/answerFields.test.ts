import { describe, expect, it } from 'vitest';
import { AnswerProblem, answerFieldsOf, readAnswerFields } from './answerFields';

const BUREAU = {
  bureauScore: 'score',
  bureauBand: 'band',
  bureauCheckedAt: 'checkedAt',
  bureauReference: 'meta.reference',
};

describe('answerFieldsOf', () => {
  it('given a button without answerFields, then it fills nothing', () => {
    expect(answerFieldsOf({ webhook: 'credit-check' })).toEqual({});
  });

  it('given answerFields, then it keeps the entries whose names and paths are well formed', () => {
    expect(
      answerFieldsOf({
        webhook: 'credit-check',
        answerFields: { ...BUREAU, __proto__x: 'score', bad: 'a..b', count: 3 },
      }),
    ).toEqual(BUREAU);
  });
});

describe('readAnswerFields', () => {
  it('given an answer holding every part, then each variable gets its part, nested ones too', () => {
    const answer = {
      score: 716,
      band: 'B',
      checkedAt: '2026-03-14T10:32:05.123Z',
      meta: { reference: 'CB-2026-7K3QX9MD2A' },
      decision: 'ignored',
    };
    expect(readAnswerFields(answer, BUREAU)).toEqual({
      ok: true,
      values: {
        bureauScore: 716,
        bureauBand: 'B',
        bureauCheckedAt: '2026-03-14T10:32:05.123Z',
        bureauReference: 'CB-2026-7K3QX9MD2A',
      },
    });
  });

  it('given a part set to null, then the variable is null: the target says it has no value', () => {
    expect(readAnswerFields({ score: null }, { bureauScore: 'score' })).toEqual({
      ok: true,
      values: { bureauScore: null },
    });
  });

  it('given an answer without a part, or one inherited rather than its own, then nothing is read and the code says missing', () => {
    expect(readAnswerFields({ score: 716 }, BUREAU)).toEqual({
      ok: false,
      code: AnswerProblem.missing,
    });
    expect(readAnswerFields({}, { name: 'toString' })).toEqual({
      ok: false,
      code: AnswerProblem.missing,
    });
  });

  it('given a part that is a list, an object or text longer than a field holds, then the code says invalid', () => {
    for (const score of [[716], { value: 716 }, 'x'.repeat(1001)]) {
      expect(readAnswerFields({ score }, { bureauScore: 'score' })).toEqual({
        ok: false,
        code: AnswerProblem.invalid,
      });
    }
  });
});
