import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFieldRegistry } from '../../src/forms/registry/createFieldRegistry';
import { compiled } from '../../src/forms/runtime/runtimeTestKit';
import { TaskForm } from '../../src/forms/runtime/TaskForm';
import { dynamicTablePlainForm } from './dynamicTableFixture';

const registry = createFieldRegistry();
const form = compiled(dynamicTablePlainForm);

describe('spec 001 section 5 (line 100): required fields show an asterisk in table headers', () => {
  it('given a table whose What and Cost columns are required, when it shows, then their headers carry an asterisk and the others do not', async () => {
    render(<TaskForm form={form} locale="en" registry={registry} onSubmit={vi.fn()} />);
    await screen.findByRole('button', { name: 'Add row' });
    const headers = [...document.querySelectorAll('.tf-dynamic-table thead th[scope="col"]')]
      .map((header) => header.textContent ?? '')
      .filter((text) => text !== '' && !text.startsWith('Actions'));
    expect(headers.slice(0, 5)).toEqual(['What *', 'Cost *', 'Count', 'Day', 'Paid']);
    expect(headers).toContain('Kind');
  });
});
