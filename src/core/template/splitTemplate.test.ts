import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillTemplate } from './fillTemplate';
import { readName } from './readName';
import { splitTemplate } from './splitTemplate';

const asWritten = (source: string) => source;

describe('splitTemplate', () => {
  it('given text with placeholders, when split, then literal text and sources alternate', () => {
    expect(splitTemplate('Review ${customer.name} for ${ amount }!', asWritten)).toEqual([
      { kind: 'text', text: 'Review ' },
      { kind: 'placeholder', expression: 'customer.name', written: '${customer.name}' },
      { kind: 'text', text: ' for ' },
      { kind: 'placeholder', expression: ' amount ', written: '${ amount }' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('given a brace inside a quoted string, when split, then it does not close the placeholder', () => {
    expect(splitTemplate('${status == \'}\'} and ${"a\\"}"}', asWritten)).toEqual([
      { kind: 'placeholder', expression: "status == '}'", written: "${status == '}'}" },
      { kind: 'text', text: ' and ' },
      { kind: 'placeholder', expression: '"a\\"}"', written: '${"a\\"}"}' },
    ]);
  });

  it('given the reader offsets, when split, then each points at its source in the whole text', () => {
    const offsets: number[] = [];
    splitTemplate('ab ${x} ${ y }', (source, offset) => {
      offsets.push(offset);
      return source;
    });
    expect(offsets).toEqual([5, 10]);
  });

  it('given a placeholder the reader does not read, when split, then it joins the literal text', () => {
    expect(splitTemplate('${a.b} and ${name} ${x + 1}', readName)).toEqual([
      { kind: 'text', text: '${a.b} and ' },
      { kind: 'placeholder', expression: 'name', written: '${name}' },
      { kind: 'text', text: ' ${x + 1}' },
    ]);
  });

  it('given a placeholder never closed, when split, then it is reported and the rest is text', () => {
    const unclosed: number[] = [];
    expect(splitTemplate('Hello ${name', asWritten, (offset) => unclosed.push(offset))).toEqual([
      { kind: 'text', text: 'Hello ${name' },
    ]);
    expect(unclosed).toEqual([6]);
    expect(splitTemplate("${ok} ${'}", asWritten)).toEqual([
      { kind: 'placeholder', expression: 'ok', written: '${ok}' },
      { kind: 'text', text: " ${'}" },
    ]);
  });

  it('given no placeholder or no text, when split, then there is no placeholder piece', () => {
    expect(splitTemplate('', asWritten)).toEqual([]);
    expect(splitTemplate('P3D $ {x} {y}', asWritten)).toEqual([
      { kind: 'text', text: 'P3D $ {x} {y}' },
    ]);
  });

  it('given any text, when split and filled with every placeholder kept, then it comes back unchanged', () => {
    const pieces = fc.constantFrom('${', '}', "'", '"', '\\', '$', '{', 'a', ' ', 'name', '.');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        for (const read of [asWritten, readName]) {
          const filled = fillTemplate(splitTemplate(text, read), {
            valueOf: () => undefined,
            onMissing: (written) => written,
          });
          expect(filled).toBe(text);
        }
      }),
    );
  });
});

describe('readName', () => {
  it.each([
    [' fullName ', 'fullName'],
    ['$id_2', '$id_2'],
    ['a.b', undefined],
    ['x + 1', undefined],
    ['2x', undefined],
    ['', undefined],
  ])('given %j, when read, then it gives %j', (source, name) => {
    expect(readName(source)).toBe(name);
  });
});
