import { describe, expect, it } from 'vitest';
import { compilePlainField } from '../../src/core/forms/compiler/testing/compilerTestKit';

describe('a Flowable hyperlink', () => {
  it('given a link without a scheme and a display text, when compiled, then it opens over https and shows the text', () => {
    const { field, warnings } = compilePlainField({
      type: 'hyperlink',
      hyperlinkUrl: 'www.example.com',
      displayText: 'Example',
    });
    expect(field.config).toEqual({ url: 'https://www.example.com', displayText: 'Example' });
    expect(warnings).toEqual([]);
  });

  it('given a script link in params, when compiled, then it is dropped with a warning at where it was written', () => {
    const { field, warnings } = compilePlainField({
      type: 'hyperlink',
      params: { hyperlinkUrl: 'javascript:alert(1)', displayText: 'Bad' },
    });
    expect(field.config).not.toHaveProperty('url');
    expect(field.config.displayText).toBe('Bad');
    expect(warnings).toEqual([
      {
        code: 'field.unsafeUrl',
        path: '/fields/0/params/hyperlinkUrl',
        params: { url: 'javascript:alert(1)' },
      },
    ]);
  });

  it('given a data link as its value, when compiled, then the warning points at the value', () => {
    const { warnings } = compilePlainField({ type: 'hyperlink', value: 'data:text/html,x' });
    expect(warnings.map((warning) => warning.path)).toEqual(['/fields/0/value']);
  });
});
