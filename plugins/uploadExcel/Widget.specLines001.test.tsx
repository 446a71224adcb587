import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FileService } from '../../src/forms/registry/formServices';
import { createFieldRegistry } from '../../src/forms/registry/createFieldRegistry';
import { designerForm } from '../../src/forms/runtime/runtimeTestKit';
import { TaskForm } from '../../src/forms/runtime/TaskForm';
import en from './locales/en.json';

const FILE_ID = '7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6';
const registry = createFieldRegistry();
const form = designerForm([{ id: 'bankStatement', type: 'uploadExcel', label: 'Bank statement' }]);

describe('spec 001 section 8 (line 156): excelUpload.deleteSuccess', () => {
  it('given an uploaded spreadsheet, when it is deleted after the confirmation, then the store removes it and excelUpload.deleteSuccess shows', async () => {
    const files: FileService = {
      upload: vi.fn(() => Promise.reject(new Error('not expected'))),
      download: vi.fn(() => Promise.reject(new Error('not expected'))),
      remove: vi.fn(() => Promise.resolve()),
    };
    render(
      <TaskForm
        form={form}
        locale="en"
        registry={registry}
        services={{ files }}
        initialValues={{ bankStatement: { id: FILE_ID, fileName: 'statement.xlsx' } }}
        onSubmit={vi.fn()}
      />,
    );
    await screen.findByText('statement.xlsx');

    fireEvent.click(screen.getByRole('button', { name: en.excelUpload.delete }));
    const confirm = await screen.findByRole('dialog', { name: en.excelUpload.deleteTitle });
    fireEvent.click(within(confirm).getByRole('button', { name: en.excelUpload.deleteConfirm }));

    await screen.findByText(en.excelUpload.deleteSuccess);
    expect(files.remove).toHaveBeenCalledWith(FILE_ID);
    // Gone from the field and, once its fade ends, from the closing confirmation too.
    await waitFor(() => expect(screen.queryByText('statement.xlsx')).toBeNull());
  });
});
