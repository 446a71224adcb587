import { describe, expect, it } from 'vitest';
import * as forms from './index';
import { OUTCOME_TYPES, SUPPORTED_LOCALES } from './formConstants';

describe('formConstants', () => {
  it('are the very lists the format schemas export', () => {
    expect(forms.SUPPORTED_LOCALES).toBe(SUPPORTED_LOCALES);
    expect(forms.OUTCOME_TYPES).toBe(OUTCOME_TYPES);
  });

  it('are what the designer outcome schema allows', () => {
    const outcomeType = forms.DesignerOutcome.properties.type as { enum?: readonly string[] };
    expect(outcomeType.enum).toEqual([...OUTCOME_TYPES]);
  });
});
