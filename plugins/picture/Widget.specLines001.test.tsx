import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileService } from '../../src/forms/registry/formServices';
import { createFieldRegistry } from '../../src/forms/registry/createFieldRegistry';
import { designerForm } from '../../src/forms/runtime/runtimeTestKit';
import { TaskForm } from '../../src/forms/runtime/TaskForm';
import { i18n } from '../../src/i18n/i18n';
import { addPluginTranslations } from '../../src/forms/registry/pluginTranslations';
import { CameraDialog } from './CameraDialog';
import en from './locales/en.json';
import { PictureEditor } from './PictureEditor';

const registry = createFieldRegistry();
const form = designerForm([{ id: 'idPhoto', type: 'picture', label: 'Photo of the document' }]);
addPluginTranslations(i18n);
const t = i18n.getFixedT('en');

/** A 2D context that takes every call (jsdom draws nothing). */
function fakeContext(): CanvasRenderingContext2D {
  const state: Record<string | symbol, unknown> = {
    measureText: (text: string) => ({ width: text.length * 10 }),
    getImageData: () => ({ data: new Uint8ClampedArray(4) }),
    createImageData: () => ({ data: new Uint8ClampedArray(4) }),
    getTransform: () => new DOMMatrix(),
  };
  return new Proxy(state, {
    get: (target, key) => (key in target ? target[key] : () => undefined),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

/** The quality of each JPEG the canvas was asked to write. */
let jpegQualities: unknown[] = [];

beforeEach(() => {
  jpegQualities = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:picture');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => fakeContext() as never,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(
    function (callback, type, quality) {
      jpegQualities.push(quality);
      callback(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: type ?? 'image/png' }));
    },
  );
  // jsdom reads no image: every picture decodes as 1200 x 900.
  vi.stubGlobal('createImageBitmap', () =>
    Promise.resolve({ width: 1200, height: 900, close: () => undefined }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Puts a fake `navigator.permissions` answering `state` for the camera. */
function cameraPermission(state: PermissionState) {
  const query = vi.fn(() =>
    Promise.resolve({
      state,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    } as unknown as PermissionStatus),
  );
  vi.stubGlobal(
    'navigator',
    Object.assign(Object.create(navigator) as Navigator, {
      permissions: { query },
    }),
  );
  return query;
}

function files(upload: FileService['upload']): FileService {
  return {
    upload: vi.fn(upload),
    download: vi.fn(() => Promise.reject(new Error('nothing stored'))),
    remove: vi.fn(() => Promise.resolve()),
  };
}

function renderField(service: FileService, readOnly = false) {
  render(
    <TaskForm
      form={form}
      locale="en"
      registry={registry}
      services={{ files: service }}
      initialValues={{ idPhoto: null }}
      readOnly={readOnly}
      onSubmit={vi.fn()}
    />,
  );
}

/** Renders the editor, open on a 1200 x 900 picture. */
function renderEditor() {
  const onSave = vi.fn();
  render(
    <PictureEditor
      isOpen
      photo={new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' })}
      initialAspect="4:3"
      title="Edit: Photo of the document"
      failure={null}
      t={t}
      locale="en"
      onSave={onSave}
      onCancel={vi.fn()}
      onClosed={vi.fn()}
    />,
  );
  return { onSave };
}

describe('spec 001 section 4 (line 84): picture save enabled only after a mode is chosen, camera permission asked at start', () => {
  it('given the picture editor on a photo, when no mode is chosen, then save is disabled and says why, and once a mode is chosen it is enabled', async () => {
    const { onSave } = renderEditor();
    const stage = await screen.findByTestId('picture-editor-canvas');
    await waitFor(() => expect(stage.getAttribute('data-crop')).toBeTruthy());
    const save = screen.getByTestId('picture-editor-save');
    expect(save.hasAttribute('disabled')).toBe(true);
    expect(save.getAttribute('title')).toBe(en.picture.chooseMode);

    fireEvent.click(screen.getByRole('radio', { name: en.picture.rotate }));

    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('given an editable picture field, when the form shows, then the camera permission is asked at once, and a refusal leaves only the gallery', async () => {
    const query = cameraPermission('denied');
    renderField(files(() => Promise.reject(new Error('not expected'))));
    await waitFor(() => expect(query).toHaveBeenCalledWith({ name: 'camera' }));

    fireEvent.click(await screen.findByTestId('picture-open'));
    const source = await screen.findByRole('dialog', { name: /Add a photo/ });
    await waitFor(() =>
      expect(within(source).getByTestId('picture-source-camera').hasAttribute('disabled')).toBe(
        true,
      ),
    );
    expect(source.textContent).toContain(en.picture.cameraUnavailable);
    expect(within(source).getByTestId('picture-source-gallery').hasAttribute('disabled')).toBe(
      false,
    );
  });

  it('given a read-only (disabled) form, when the picture field shows, then the camera permission is not asked', async () => {
    const query = cameraPermission('granted');
    renderField(
      files(() => Promise.reject(new Error('not expected'))),
      true,
    );
    await screen.findByText(/Photo of the document/);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(query).not.toHaveBeenCalled();
  });
});

describe('spec 001 section 8 (line 155): outcome.pictureUploadingError and outcome.pictureRetryError', () => {
  it('given the file store failing, when a chosen photo is used, then the uploading error shows, and when the retry fails too, then the retry error shows', async () => {
    const service = files(() => Promise.reject(new Error('offline')));
    renderField(service);
    fireEvent.click(await screen.findByTestId('picture-open'));
    await screen.findByRole('dialog', { name: /Add a photo/ });
    const input = document.querySelector<HTMLInputElement>('[data-testid="picture-file-input"]');
    if (!input) throw new Error('The gallery input is not rendered.');
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(64)], 'id.jpg', { type: 'image/jpeg' })] },
    });
    const preview = await screen.findByRole('dialog', { name: 'Preview: Photo of the document' });
    await within(preview).findByTestId('picture-preview');

    fireEvent.click(within(preview).getByTestId('picture-use'));

    expect((await within(preview).findByRole('alert')).textContent).toBe(
      en.outcome.pictureUploadingError,
    );
    const retry = within(preview).getByTestId('picture-use');
    expect(retry.textContent).toBe(en.picture.retry);

    fireEvent.click(retry);

    await waitFor(() =>
      expect(within(preview).getByRole('alert').textContent).toBe(en.outcome.pictureRetryError),
    );
    expect(service.upload).toHaveBeenCalledTimes(2);
  });
});

describe('spec 001 section 9 (line 162): camera screenshot quality 0.4, the rear camera, the 300 ms crop debounce', () => {
  it('given the camera dialog, when it opens and a photo is taken, then the rear camera is asked for and the frame is a JPEG of quality 0.4', async () => {
    const stream = { getTracks: () => [] } as unknown as MediaStream;
    const getUserMedia = vi.fn(() => Promise.resolve(stream));
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, {
        mediaDevices: { getUserMedia },
      }),
    );
    const onUse = vi.fn();
    render(
      <CameraDialog
        isOpen
        title="Camera: Photo of the document"
        failure={null}
        t={t}
        onUse={onUse}
        onEdit={vi.fn()}
        onCancel={vi.fn()}
        onClosed={vi.fn()}
      />,
    );
    await waitFor(() => expect(getUserMedia).toHaveBeenCalledTimes(1));
    const constraints = getUserMedia.mock.calls[0] as unknown as [MediaStreamConstraints];
    expect((constraints[0].video as MediaTrackConstraints).facingMode).toEqual({
      ideal: 'environment',
    });

    fireEvent.playing(await screen.findByTestId('picture-camera'));
    const take = screen.getByTestId('picture-take');
    await waitFor(() => expect(take.hasAttribute('disabled')).toBe(false));
    fireEvent.click(take);

    await screen.findByTestId('picture-taken');
    expect(jpegQualities).toEqual([0.4]);
    fireEvent.click(screen.getByTestId('picture-use'));
    expect(onUse).toHaveBeenCalledWith(expect.any(Blob));
  });

  it('given the zoom slider, when it moves, then the crop follows only 300 ms after the last step', async () => {
    renderEditor();
    const stage = await screen.findByTestId('picture-editor-canvas');
    await waitFor(() => expect(stage.getAttribute('data-crop')).toBeTruthy());
    const before = stage.getAttribute('data-crop');
    fireEvent.click(screen.getByRole('radio', { name: en.picture.zoom }));
    const handle = await screen.findByRole('slider', { name: en.picture.zoomLevel });

    vi.useFakeTimers();
    fireEvent.keyDown(handle, { key: 'ArrowRight', which: 39, keyCode: 39 });
    act(() => vi.advanceTimersByTime(200));
    // A second step restarts the wait.
    fireEvent.keyDown(handle, { key: 'ArrowRight', which: 39, keyCode: 39 });
    act(() => vi.advanceTimersByTime(299));
    expect(stage.getAttribute('data-crop')).toBe(before);

    act(() => vi.advanceTimersByTime(1));
    expect(stage.getAttribute('data-crop')).not.toBe(before);
  });
});
