import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileService, StoredFile } from '../../src/forms/registry/formServices';
import { createFieldRegistry } from '../../src/forms/registry/createFieldRegistry';
import { designerForm } from '../../src/forms/runtime/runtimeTestKit';
import { TaskForm } from '../../src/forms/runtime/TaskForm';
import en from './locales/en.json';

const FILE_ID = '3c1d2e4f-5a6b-4c7d-8e9f-00aa11bb22cc';
const registry = createFieldRegistry();
const form = designerForm([
  { id: 'customerSignature', type: 'signature', label: 'Customer signature' },
]);

/** A 2D context that takes every call (jsdom draws nothing). */
function fakeContext(): CanvasRenderingContext2D {
  const state: Record<string | symbol, unknown> = {
    measureText: (text: string) => ({ width: text.length * 10 }),
    getImageData: () => ({ data: new Uint8ClampedArray(4) }),
  };
  return new Proxy(state, {
    get: (target, key) => (key in target ? target[key] : () => undefined),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

const stored: StoredFile = {
  id: FILE_ID,
  fileName: 'customerSignature.png',
  mediaType: 'image/png',
  size: 1200,
  spreadsheet: null,
};

/** A file store whose uploads answer as `upload` says. */
function filesWith(upload: FileService['upload']): FileService {
  return {
    upload: vi.fn(upload),
    download: vi.fn(() =>
      Promise.resolve(new File([new Uint8Array([0x89, 0x50])], 'sig.png', { type: 'image/png' })),
    ),
    remove: vi.fn(() => Promise.resolve()),
  };
}

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => fakeContext() as never,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (callback) {
    callback(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }));
  });
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:signature');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Opens the signature dialog, types a name and accepts it. */
async function signTyped(files: FileService) {
  const user = userEvent.setup();
  render(
    <TaskForm
      form={form}
      locale="en"
      registry={registry}
      services={{ files }}
      initialValues={{ customerSignature: null }}
      onSubmit={vi.fn()}
    />,
  );
  await user.click(await screen.findByTestId('signature-open'));
  const dialog = await screen.findByRole('dialog', { name: /Signature: Customer signature/ });
  await user.click(within(dialog).getByRole('radio', { name: en.signature.typeMode }));
  await user.type(within(dialog).getByLabelText(en.signature.typedName), 'Inês Duarte');
  await user.click(within(dialog).getByTestId('signature-accept'));
  return { user, dialog };
}

describe('spec 001 section 2 (line 39): the full-screen loading overlay during long actions', () => {
  it('given a signature being saved, when the upload is still under way, then a full-screen overlay with a spinner says so, and it goes when the upload ends', async () => {
    let finish: (file: StoredFile) => void = () => undefined;
    const files = filesWith(
      () =>
        new Promise<StoredFile>((resolve) => {
          finish = resolve;
        }),
    );
    await signTyped(files);

    const overlay = await screen.findByTestId('loading-overlay');
    expect(overlay.textContent).toContain(en.signature.uploading);
    expect(overlay.getAttribute('aria-busy')).toBe('true');
    expect(overlay.querySelector('.bp6-spinner')).not.toBeNull();
    expect(document.querySelector('.tessera-loading-overlay__backdrop')).not.toBeNull();

    finish(stored);

    await waitFor(() => expect(screen.queryByTestId('loading-overlay')).toBeNull());
  });
});

describe('spec 001 section 8 (line 155): outcome.signatureUploadingError and outcome.signatureRetryError', () => {
  it('given the file store failing, when a signature is accepted, then the uploading error shows, and when the retry fails too, then the retry error shows', async () => {
    const files = filesWith(() => Promise.reject(new Error('offline')));
    const { user, dialog } = await signTyped(files);

    const first = await within(dialog).findByRole('alert');
    expect(first.textContent).toBe(en.outcome.signatureUploadingError);
    const retry = within(dialog).getByRole('button', { name: en.signature.retry });

    await user.click(retry);

    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(en.outcome.signatureRetryError),
    );
    expect(files.upload).toHaveBeenCalledTimes(2);
  });
});
