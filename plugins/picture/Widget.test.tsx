import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileService } from '../../src/forms/registry/formServices';
import { createFieldRegistry } from '../../src/forms/registry/createFieldRegistry';
import { designerForm } from '../../src/forms/runtime/runtimeTestKit';
import { TaskForm } from '../../src/forms/runtime/TaskForm';
import en from './locales/en.json';
import { PICTURE_MAX_BYTES } from './pictureSettings';

const FILE_ID = '0b5f6c7e-1a2b-4c3d-8e9f-001122334455';
const registry = createFieldRegistry();
const form = designerForm([
  { id: 'idPhoto', type: 'picture', label: 'Photo of the document', config: { quality: 'high' } },
]);

/** A file store that keeps one JPEG and records what the field asks of it. */
function fakeFiles(type = 'image/jpeg'): FileService & { removed: string[] } {
  const removed: string[] = [];
  return {
    removed,
    upload: vi.fn(() => Promise.reject(new Error('not expected in this test'))),
    download: vi.fn(() =>
      Promise.resolve(new File([new Uint8Array([0xff, 0xd8, 0xff])], 'idPhoto.jpg', { type })),
    ),
    remove: vi.fn((id: string) => {
      removed.push(id);
      return Promise.resolve();
    }),
  };
}

function renderField(files: FileService, value: string | null, readOnly = false) {
  const onSubmit = vi.fn();
  render(
    <TaskForm
      form={form}
      locale="en"
      registry={registry}
      services={{ files }}
      initialValues={{ idPhoto: value }}
      readOnly={readOnly}
      onSubmit={onSubmit}
    />,
  );
  return { onSubmit };
}

/** The field's hidden gallery input, given a file as a chooser would. */
function choose(file: File) {
  const input = document.querySelector<HTMLInputElement>('[data-testid="picture-file-input"]');
  if (!input) throw new Error('The gallery input is not rendered.');
  fireEvent.change(input, { target: { files: [file] } });
}

beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:picture');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('PictureWidget', () => {
  it('given a stored picture on a read-only form, then it shows the image with a view and a download, and nothing to change it', async () => {
    const files = fakeFiles();
    renderField(files, FILE_ID, true);
    const image = await screen.findByTestId('picture-image');
    expect(image.getAttribute('alt')).toBe('Photo: Photo of the document');
    expect(files.download).toHaveBeenCalledWith(FILE_ID, expect.any(AbortSignal));
    expect(screen.getByTestId('picture-download').textContent).toContain(en.picture.download);
    expect(screen.getByTestId('picture-view')).toBeTruthy();
    expect(screen.queryByTestId('picture-open')).toBeNull();
    expect(screen.queryByTestId('picture-delete')).toBeNull();
  });

  it('given a stored file that is not a JPEG or a PNG, then it is not shown or offered for download', async () => {
    renderField(fakeFiles('image/svg+xml'), FILE_ID, true);
    await waitFor(() =>
      expect(screen.getByTestId('picture-message').textContent).toBe(en.picture.loadFailed),
    );
    expect(screen.queryByTestId('picture-image')).toBeNull();
    expect(screen.queryByTestId('picture-download')).toBeNull();
  });

  it('given the gallery, when a file one byte over 5 MB and then a GIF are chosen, then each is refused with its message and nothing is sent', async () => {
    const files = fakeFiles();
    renderField(files, null);
    fireEvent.click(await screen.findByTestId('picture-open'));
    const source = await screen.findByRole('dialog', { name: /Add a photo/ });

    choose(new File([new Uint8Array(PICTURE_MAX_BYTES + 1)], 'scan.jpg', { type: 'image/jpeg' }));
    expect((await within(source).findByRole('alert')).textContent).toBe(
      en.common.imageUploadErrorMessage,
    );

    choose(new File([new Uint8Array(8)], 'scan.gif', { type: 'image/gif' }));
    await waitFor(() =>
      expect(within(source).getByRole('alert').textContent).toBe(en.picture.fileFormatError),
    );
    expect(files.upload).not.toHaveBeenCalled();
  });

  it('given a stored picture, when it is deleted after the confirmation, then the store removes it, the field is empty and says so', async () => {
    const files = fakeFiles();
    const { onSubmit } = renderField(files, FILE_ID);
    await screen.findByTestId('picture-image');
    fireEvent.click(screen.getByTestId('picture-delete'));
    const confirm = await screen.findByRole('dialog', { name: en.picture.deleteTitle });
    fireEvent.click(within(confirm).getByRole('button', { name: en.picture.deleteConfirm }));
    await waitFor(() =>
      expect(screen.getByTestId('picture-message').textContent).toBe(en.picture.deleteSuccess),
    );
    expect(files.removed).toEqual([FILE_ID]);
    expect(screen.queryByTestId('picture-image')).toBeNull();
    expect(screen.getByTestId('picture-open').textContent).toContain(en.picture.add);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
