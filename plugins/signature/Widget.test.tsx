import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileService } from '../../src/forms/registry/formServices';
import { createFieldRegistry } from '../../src/forms/registry/createFieldRegistry';
import { designerForm } from '../../src/forms/runtime/runtimeTestKit';
import { TaskForm } from '../../src/forms/runtime/TaskForm';
import en from './locales/en.json';

const FILE_ID = '3c1d2e4f-5a6b-4c7d-8e9f-00aa11bb22cc';
const registry = createFieldRegistry();
const form = designerForm([
  {
    id: 'customerSignature',
    type: 'signature',
    label: 'Customer signature',
    validation: { required: true },
  },
]);

/** What the canvas was asked to write: the texts drawn on it, in order. */
let drawnTexts: string[] = [];

/**
 * A 2D context that takes every call and remembers the texts written (jsdom draws nothing):
 * enough for the drawing pad and the typed mode to run as they do in a browser.
 */
function fakeContext(): CanvasRenderingContext2D {
  const state: Record<string | symbol, unknown> = {
    fillText: (text: string) => drawnTexts.push(text),
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

/** A file store that takes one signature and records how it was asked to store it. */
function fakeFiles(): FileService {
  return {
    upload: vi.fn((_blob: Blob, options: Parameters<FileService['upload']>[1]) =>
      Promise.resolve({
        id: FILE_ID,
        fileName: options.fileName,
        mediaType: 'image/png',
        size: 1200,
        spreadsheet: null,
        ...(options.signatureMethod ? { signatureMethod: options.signatureMethod } : {}),
      }),
    ),
    download: vi.fn(() =>
      Promise.resolve(new File([new Uint8Array([0x89, 0x50])], 'sig.png', { type: 'image/png' })),
    ),
    remove: vi.fn(() => Promise.resolve()),
  };
}

beforeEach(() => {
  drawnTexts = [];
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

describe('SignatureWidget, typed', () => {
  it('given the signature dialog, when the signer chooses "Type your name", types it and accepts by keyboard, then the name is drawn, the PNG is stored marked as typed and the field holds its id', async () => {
    const files = fakeFiles();
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(
      <TaskForm
        form={form}
        locale="en"
        registry={registry}
        services={{ files }}
        initialValues={{ customerSignature: null }}
        onSubmit={onSubmit}
      />,
    );

    // Given the dialog, opened from the field's button.
    await user.click(await screen.findByTestId('signature-open'));
    const dialog = await screen.findByRole('dialog', { name: /Signature: Customer signature/ });
    const accept = within(dialog).getByTestId('signature-accept');
    expect(accept.hasAttribute('disabled')).toBe(true);

    // When the signer picks the typed mode and types a name, then Enter.
    await user.click(within(dialog).getByRole('radio', { name: en.signature.typeMode }));
    const name = within(dialog).getByLabelText(en.signature.typedName);
    await user.type(name, 'Inês   Duarte');
    await waitFor(() =>
      expect(within(dialog).getByRole('img').getAttribute('aria-label')).toBe(
        'Typed signature: Inês Duarte',
      ),
    );
    expect(drawnTexts).toContain('Inês Duarte');
    expect(accept.hasAttribute('disabled')).toBe(false);
    await user.type(name, '{Enter}');

    // Then the store gets a PNG marked as typed, and the field keeps the file's id.
    await waitFor(() => expect(files.upload).toHaveBeenCalledTimes(1));
    expect(files.upload).toHaveBeenCalledWith(expect.any(Blob), {
      kind: 'signature',
      fieldId: 'customerSignature',
      fileName: 'customerSignature.png',
      signatureMethod: 'typed',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.anything(), { customerSignature: FILE_ID });
  });

  it('given a typed name, when the signer leaves the dialog, then it asks first in typing words and stores nothing', async () => {
    const files = fakeFiles();
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

    await user.click(within(dialog).getByRole('button', { name: en.signature.exit }));

    const confirm = await screen.findByRole('dialog', { name: en.signature.exitTitle });
    expect(confirm.textContent).toContain(en.signature.exitTypedMessage);
    expect(within(confirm).getByRole('button', { name: en.signature.keepTyping })).toBeTruthy();
    expect(files.upload).not.toHaveBeenCalled();
  });
});
