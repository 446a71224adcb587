import { describe, expect, it } from 'vitest';
import { fillTemplate, formatTemplateValue } from './fillTemplate';
import { readName } from './readName';
import { splitTemplate } from './splitTemplate';

const values: Record<string, unknown> = {
  name: 'Ana',
  amount: 5000,
  approved: false,
  groups: ['a', 'b'],
  customer: { id: 7 },
  empty: '',
  nothing: null,
};

const fill = (text: string, onMissing?: (written: string) => string) =>
  fillTemplate(splitTemplate(text, readName), {
    valueOf: (name) => (Object.hasOwn(values, name) ? values[name] : undefined),
    ...(onMissing ? { onMissing } : {}),
  });

describe('fillTemplate', () => {
  it('given values of every kind, when filled, then objects and lists are JSON and the rest text', () => {
    expect(fill('${name} ${amount} ${approved} ${groups} ${customer} [${empty}]')).toBe(
      'Ana 5000 false ["a","b"] {"id":7} []',
    );
  });

  it('given placeholders without a value, when filled by default, then they are empty', () => {
    expect(fill('[${missing}][${nothing}][${constructor}]')).toBe('[][][]');
  });

  it('given a gap that must show, when filled keeping it, then the placeholder stays as written', () => {
    expect(fill('Call ${ missing } about ${name}', (written) => written)).toBe(
      'Call ${ missing } about Ana',
    );
  });

  it('given a gap that is a mistake, when filled, then the error of onMissing surfaces', () => {
    expect(() =>
      fill('${name} ${missing}', (written) => {
        throw new Error(`no value for ${written}`);
      }),
    ).toThrow('no value for ${missing}');
  });

  it('given a format, when filled, then every value is written by it', () => {
    const text = fillTemplate(splitTemplate('${a}-${b}', readName), {
      valueOf: (name) => (name === 'a' ? 1.5 : [1, 2]),
      format: (value) => (Array.isArray(value) ? value.join(', ') : `#${String(value)}`),
    });
    expect(text).toBe('#1.5-1, 2');
  });

  it('given the default format, when a value is written, then only objects become JSON', () => {
    expect(formatTemplateValue('x')).toBe('x');
    expect(formatTemplateValue(true)).toBe('true');
    expect(formatTemplateValue([1])).toBe('[1]');
  });
});
