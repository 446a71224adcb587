// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientErrorPath } from '../../schemas/api/clientErrorsConstants';
import { startErrorReporting } from '../errors/appErrorReporter';
import { reportRecordsWarning } from './recordsWarning';

describe('reportRecordsWarning', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('given error reporting started, when the property list switches type, then a warning with its details goes to the server, not to the console', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) => new Response(null, { status: 202 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    startErrorReporting();

    reportRecordsWarning('The property list switched to all properties.', {
      key: 'customers',
      version: 1,
      count: 0,
    });

    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(ClientErrorPath.report);
    expect(JSON.parse(String(init?.body))).toMatchObject({
      kind: 'warning',
      message: '[records] The property list switched to all properties.',
      details: { key: 'customers', version: 1, count: 0 },
    });
    expect(warn).not.toHaveBeenCalled();
  });
});
