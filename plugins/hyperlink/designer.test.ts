import { describe, expect, it } from 'vitest';
import { compileForm } from '../compiler';

/** Compiles a designer form of one link with `config`. */
function compileLink(config: Record<string, unknown>) {
  const result = compileForm({
    id: 'DSG-x',
    name: 'X',
    fields: [{ id: 'a', type: 'hyperlink', label: 'A', config }],
  });
  const field = result.form?.sections[0]?.fields[0];
  if (!field) throw new Error(`not compiled: ${JSON.stringify(result.errors)}`);
  return { field, warnings: result.warnings };
}

describe('a designer hyperlink', () => {
  it('given a script link, when compiled, then its url is dropped with a warning at config/url', () => {
    const { field, warnings } = compileLink({ url: 'javascript:alert(1)', displayText: 'Bad' });
    expect(field.config).toEqual({ displayText: 'Bad' });
    expect(warnings).toEqual([
      {
        code: 'field.unsafeUrl',
        path: '/fields/0/config/url',
        params: { url: 'javascript:alert(1)' },
      },
    ]);
  });

  it('given an https link, when compiled, then it is kept as written without a warning', () => {
    const { field, warnings } = compileLink({ url: 'https://example.com/{id}', displayText: 'Go' });
    expect(field.config).toEqual({ url: 'https://example.com/{id}', displayText: 'Go' });
    expect(warnings).toEqual([]);
  });
});
