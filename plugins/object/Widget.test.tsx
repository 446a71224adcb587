import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFieldRegistry } from '../../src/forms/registry/createFieldRegistry';
import { designerForm } from '../../src/forms/runtime/runtimeTestKit';
import { TaskForm } from '../../src/forms/runtime/TaskForm';
import { i18n } from '../../src/i18n/i18n';
import { humanizeKey } from './Widget';

const registry = createFieldRegistry();
/** Read-only forms are never submitted here. */
const noSubmit = () => undefined;
const form = designerForm([{ id: 'postalAddress', type: 'object', label: 'Postal address' }]);

function showAddress(value: unknown, locale = 'en') {
  return render(
    <TaskForm
      form={form}
      locale={locale}
      registry={registry}
      onSubmit={noSubmit}
      readOnly
      initialValues={{ postalAddress: value }}
    />,
  );
}

/** The list's names and values, as pairs, in order. */
function pairs(): string[][] {
  const group = screen.getByRole('group', { name: 'Postal address' });
  const names = within(group).getAllByRole('term');
  const values = within(group).getAllByRole('definition');
  return names.map((name, index) => [name.textContent ?? '', values[index]?.textContent ?? '']);
}

describe('ObjectWidget', () => {
  it('given an address, when shown, then each property is a named line in stored order, common names in words, never JSON', () => {
    showAddress({
      street: 'Rue de la Paix 129',
      postalCode: '75005',
      city: 'Paris',
      country: 'FR',
    });
    expect(pairs()).toEqual([
      ['Street', 'Rue de la Paix 129'],
      ['Postal code', '75005'],
      ['City', 'Paris'],
      ['Country', 'FR'],
    ]);
    expect(document.body.textContent).not.toContain('{');
  });

  it('given an address in Spanish, when shown, then the common names are Spanish', async () => {
    await i18n.changeLanguage('es');
    try {
      showAddress({ city: 'Sevilla', postalCode: '41001' }, 'es');
      expect(pairs()).toEqual([
        ['Ciudad', 'Sevilla'],
        ['Código postal', '41001'],
      ]);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('given unknown keys, nested objects, lists, booleans and empty values, when shown, then each reads as text', () => {
    showAddress({
      buildingName: 'Torre A',
      geo: { lat: 40.4 },
      tags: ['a', 'b'],
      verified: true,
      floor: null,
    });
    const list = pairs();
    expect(list[0]).toEqual(['Building name', 'Torre A']);
    expect(list.find(([name]) => name === 'Tags')).toEqual(['Tags', 'a, b']);
    expect(list.find(([name]) => name === 'Verified')).toEqual(['Verified', 'Yes']);
    expect(list.find(([name]) => name === 'Floor')).toEqual(['Floor', '—']);
    expect(list.find(([name]) => name === 'Lat')).toEqual(['Lat', '40.4']);
  });

  it('given nothing stored, when shown, then it says there is no data', () => {
    showAddress(null);
    expect(screen.getByRole('group', { name: 'Postal address' }).textContent).toBe('No data');
  });

  it('writes keys out as words', () => {
    expect(humanizeKey('postalCode')).toBe('Postal code');
    expect(humanizeKey('line_2')).toBe('Line 2');
    expect(humanizeKey('line2')).toBe('Line 2');
    expect(humanizeKey('IBAN')).toBe('Iban');
  });
});
