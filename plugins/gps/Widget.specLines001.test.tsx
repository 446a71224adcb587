import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFieldRegistry } from '../../src/forms/registry/createFieldRegistry';
import { designerForm } from '../../src/forms/runtime/runtimeTestKit';
import { TaskForm } from '../../src/forms/runtime/TaskForm';
import en from './locales/en.json';

const registry = createFieldRegistry();
const form = designerForm([{ id: 'branchLocation', type: 'gps', label: 'Branch location' }]);

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

function renderField(value: unknown) {
  render(
    <TaskForm
      form={form}
      locale="en"
      registry={registry}
      initialValues={{ branchLocation: value }}
      onSubmit={vi.fn()}
    />,
  );
}

describe('spec 001 section 8 (line 156): gps.deleteSuccess', () => {
  it('given a captured location, when it is cleared after the confirmation, then gps.deleteSuccess shows and no location is left', async () => {
    renderField([41.38879, 2.15899]);
    await screen.findByText('41.38879, 2.15899');

    fireEvent.click(screen.getByRole('button', { name: en.gps.clear }));
    const confirm = await screen.findByRole('dialog', { name: en.gps.clearTitle });
    fireEvent.click(within(confirm).getByRole('button', { name: en.gps.clearConfirm }));

    await screen.findByText(en.gps.deleteSuccess);
    expect(screen.getByText(en.gps.noPosition)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('41.38879, 2.15899')).toBeNull());
  });
});

describe('spec 001 section 9 (line 163): the GPS 10000 ms timeout and maximumAge 0', () => {
  it('given the get button, when pressed, then the browser is asked for a fresh position (maximumAge 0) within 10000 ms, and the answer is kept to 5 decimals', async () => {
    const getCurrentPosition = vi.fn(
      (success: PositionCallback, _failure?: PositionErrorCallback, _options?: PositionOptions) =>
        success({
          coords: { latitude: 40.4167754, longitude: -3.7037902 },
          timestamp: 0,
        } as GeolocationPosition),
    );
    Object.defineProperty(navigator, 'geolocation', {
      value: { getCurrentPosition },
      configurable: true,
    });
    renderField(null);

    // The button is named by the field's label; its text says what it does.
    const get = (await screen.findByText(en.gps.get)).closest('button');
    if (!get) throw new Error('The get button is not rendered.');
    fireEvent.click(get);

    await screen.findByText(en.gps.successContent);
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(getCurrentPosition.mock.calls[0]?.[2]).toMatchObject({ timeout: 10_000, maximumAge: 0 });
    await waitFor(() => expect(screen.getByText('40.41678, -3.70379')).toBeTruthy());
  });
});
