import { describe, expect, it } from 'vitest';
import { interpolateTemplate } from '../formula/interpolateTemplate';
import { templateFieldIds } from './templateFieldIds';

describe('templateFieldIds', () => {
  it('given a template, when read, then each bare field id comes once, in order', () => {
    expect(templateFieldIds('${b} ${ a } ${b} ${a.b} ${x + 1} ${c')).toEqual(['b', 'a']);
  });

  it('given a template, when filled, then exactly the fields it reads change the text', () => {
    const template = "${name} ${ '}' } ${amount} ${a.b}";
    const ids = templateFieldIds(template);
    const empty = interpolateTemplate(template, {});
    const filled = interpolateTemplate(template, Object.fromEntries(ids.map((id) => [id, 'v'])));
    expect(ids).toEqual(['name', 'amount']);
    expect(filled).toBe("v ${ '}' } v ${a.b}");
    expect(empty).toBe(" ${ '}' }  ${a.b}");
  });
});
