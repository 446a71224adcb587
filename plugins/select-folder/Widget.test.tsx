import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFieldRegistry } from '../../src/forms/registry/createFieldRegistry';
import { compiled } from '../../src/forms/runtime/runtimeTestKit';
import { TaskForm } from '../../src/forms/runtime/TaskForm';

const registry = createFieldRegistry();

describe('SelectFolderWidget', () => {
  it('given an APS folder picker, then a visible box explains it cannot be used here and the rest of the form still submits', async () => {
    const onSubmit = vi.fn();
    const form = compiled({
      key: 'with-folder',
      fields: [
        { id: 'note', name: 'Note', type: 'text' },
        { id: 'folder', name: 'Scanned folder', type: 'select-folder' },
      ],
      outcomes: [{ id: 'done', name: 'Done' }],
    });
    render(<TaskForm form={form} locale="fr" registry={registry} onSubmit={onSubmit} />);
    const box = screen.getByText('Scanned folder').closest('.tf-select-folder') as HTMLElement;
    expect(box.textContent).toContain('Aucun dossier ne peut être choisi ici');
    expect(box.textContent).toContain('select-folder');
    await userEvent.type(screen.getByLabelText('Note'), 'ok');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ label: 'Done' }), {
      note: 'ok',
    });
  });
});
