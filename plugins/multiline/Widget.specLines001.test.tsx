import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFieldRegistry } from '../../src/forms/registry/createFieldRegistry';
import { designerForm } from '../../src/forms/runtime/runtimeTestKit';
import { TaskForm } from '../../src/forms/runtime/TaskForm';

const registry = createFieldRegistry();
const form = designerForm([
  { id: 'purpose', type: 'multiline', label: 'Purpose of the loan', config: { maxLength: 40 } },
]);

describe('spec 001 section 5 (line 98): the multiline field’s used/max counter', () => {
  it('given a multiline field of at most 40 characters, when text is typed, then the counter reads used / max and is read with the field', async () => {
    render(
      <TaskForm
        form={form}
        locale="en"
        registry={registry}
        initialValues={{ purpose: 'Car' }}
        onSubmit={vi.fn()}
      />,
    );
    const area = (await screen.findByRole('textbox', {
      name: /Purpose of the loan/,
    })) as HTMLTextAreaElement;
    const counterId = `${area.id}__counter`;
    const counter = () => document.getElementById(counterId)?.textContent;
    expect(counter()).toBe('3 / 40');
    expect(area.getAttribute('aria-describedby')?.split(' ')).toContain(counterId);

    fireEvent.change(area, { target: { value: 'A used car for commuting' } });

    expect(counter()).toBe('24 / 40');
  });
});
