import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdentityPath } from '../../schemas/api/identity';
import type { RootStore } from '../RootStore';
import { StoresContext } from '../stores/useStores';
import { createTestStores, type RecordingNavigator } from '../testing/createTestStores';
import { FakeServer } from '../testing/fakeServer';
import { MaintenanceScreen } from './MaintenanceScreen';
import {
  MAINTENANCE_POLL_MAX_MS,
  MAINTENANCE_POLL_MS,
  MaintenanceCheck,
  nextCheckDelay,
} from './MaintenanceWatch';

let stores: RootStore | undefined;
let server: FakeServer | undefined;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  stores?.dispose();
  server?.restore();
});

function renderMaintenance(): { navigator: RecordingNavigator } {
  server = new FakeServer();
  const created = createTestStores('/maintenance');
  stores = created.stores;
  render(
    <StoresContext.Provider value={stores}>
      <MaintenanceScreen />
    </StoresContext.Provider>,
  );
  return { navigator: created.navigator };
}

/** Lets the timers run `ms` ahead and the checks they start settle. */
async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('MaintenanceScreen', () => {
  it('renders without a DOM nesting warning', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderMaintenance();
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    const nesting = errors.mock.calls.filter((call) =>
      call.some((part) => typeof part === 'string' && /descendant of|nesting/i.test(part)),
    );
    expect(nesting).toEqual([]);
  });

  it('keeps re-checking while the server cannot be reached, backing off, and returns to / once it answers', async () => {
    vi.useFakeTimers();
    const { navigator } = renderMaintenance();
    let calls = 0;
    let answer: 'network-error' | 503 | 200 = 'network-error';
    server?.on('GET', IdentityPath.authorizationStatus, () => {
      calls += 1;
      return answer === 'network-error'
        ? 'network-error'
        : { status: answer, body: { status: 'AUTHORIZED' } };
    });

    // Unreachable: checks at 10 s, then 20 s and 40 s later; never leaving the page.
    await advance(MAINTENANCE_POLL_MS);
    expect(calls).toBe(1);
    await advance(2 * MAINTENANCE_POLL_MS);
    expect(calls).toBe(2);
    await advance(4 * MAINTENANCE_POLL_MS);
    expect(calls).toBe(3);
    expect(navigator.visits).toEqual([]);

    // Back in maintenance: every ten seconds again.
    answer = 503;
    await advance(MAINTENANCE_POLL_MAX_MS);
    expect(calls).toBe(4);
    await advance(MAINTENANCE_POLL_MS);
    expect(calls).toBe(5);
    expect(navigator.visits).toEqual([]);

    // Over: the app goes back to /.
    answer = 200;
    await advance(MAINTENANCE_POLL_MS);
    expect(navigator.visits).toEqual(['/']);
  });
});

describe('nextCheckDelay', () => {
  it('waits ten seconds during maintenance and doubles up to a minute while unreachable', () => {
    expect(nextCheckDelay(40_000, MaintenanceCheck.ongoing)).toBe(MAINTENANCE_POLL_MS);
    expect(nextCheckDelay(MAINTENANCE_POLL_MS, MaintenanceCheck.unreachable)).toBe(20_000);
    expect(nextCheckDelay(40_000, MaintenanceCheck.unreachable)).toBe(MAINTENANCE_POLL_MAX_MS);
    expect(nextCheckDelay(MAINTENANCE_POLL_MAX_MS, MaintenanceCheck.unreachable)).toBe(
      MAINTENANCE_POLL_MAX_MS,
    );
  });
});
