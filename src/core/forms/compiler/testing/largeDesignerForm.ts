import type { DesignerField, DesignerForm } from '../../../../../schemas/forms';

/**
 * A realistic designer definition (a test fixture) of `count` fields in sections of 50: text, numbers,
 * dates, dropdowns with options, checkboxes, multiline text, headlines, and one formula
 * every tenth field reading earlier numbers, so the formula graph is part of the cost.
 */
export function largeDesignerForm(count: number): DesignerForm {
  const sections: NonNullable<DesignerForm['sections']> = [];
  let numbers: string[] = [];
  for (let start = 0; start < count; start += 50) {
    const fields: DesignerField[] = [];
    for (let i = start; i < Math.min(count, start + 50); i += 1) {
      const id = `f${i}`;
      const label = { en: `Field ${i}`, es: `Campo ${i}`, fr: `Champ ${i}` };
      const widths = { desktopWidth: [3, 4, 6, 12][i % 4], tabWidth: 6, phoneWidth: 12 };
      const kind = i % 10;
      let field: DesignerField;
      if (kind === 9 && numbers.length >= 2) {
        field = {
          id,
          type: 'formula',
          label,
          ...widths,
          config: { expression: `ROUND(${numbers.slice(-2).join(' + ')} * 1.05, 2)` },
        };
      } else if (kind === 0) {
        field = { id, type: 'headline', label };
      } else if (kind === 1 || kind === 5) {
        field = {
          id,
          type: 'number',
          label,
          ...widths,
          validation: { required: true, min: 0, max: 1e7 },
        };
        numbers.push(id);
      } else if (kind === 2) {
        field = {
          id,
          type: 'dropdown',
          label,
          ...widths,
          options: ['a', 'b', 'c', 'd'].map((value) => ({ name: { en: value, es: value }, value })),
        };
      } else if (kind === 3) {
        field = { id, type: 'date', label, ...widths };
      } else if (kind === 4) {
        field = { id, type: 'multiline', label, ...widths, config: { maxLength: 500 } };
      } else if (kind === 6) {
        field = {
          id,
          type: 'checkbox',
          label,
          ...widths,
          options: [
            { name: 'x', value: 'x' },
            { name: 'y', value: 'y' },
          ],
        };
      } else {
        field = {
          id,
          type: 'input',
          label,
          ...widths,
          validation: { maxLength: 80, pattern: '^[A-Za-z ]*$' },
        };
      }
      fields.push(field);
    }
    sections.push({ id: `s${start / 50}`, title: `Section ${start / 50 + 1}`, fields });
    numbers = numbers.slice(-2);
  }
  return { id: `DSG-bench-${count}`, name: `Bench ${count}`, sections };
}
