// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { guardedBrowserHistory, NavigationGuard, type AppHistory } from './navigationGuard';

describe('guardedBrowserHistory', () => {
  let guard: NavigationGuard;
  let history: AppHistory;
  let seen: string[];
  let unlisten: () => void;

  beforeEach(() => {
    window.history.replaceState(null, '', '/start');
    guard = new NavigationGuard();
    history = guardedBrowserHistory(guard);
    seen = [];
    unlisten = history.listen(({ location }) => seen.push(location.pathname));
  });
  afterEach(() => unlisten());

  it('given no check, when the app pushes, then the router hears it at once', () => {
    history.push('/a');
    expect(seen).toEqual(['/a']);
    expect(guard.held).toBeNull();
  });

  it('given a check that holds, when the app pushes, then nothing moves until the user proceeds', () => {
    const remove = guard.add((from, to) => from === '/start' && to === '/leave');
    history.push('/leave');
    expect(seen).toEqual([]);
    expect(window.location.pathname).toBe('/start');
    expect(guard.held).not.toBeNull();

    guard.held?.proceed();
    expect(seen).toEqual(['/leave']);
    expect(guard.held).toBeNull();
    remove();
  });

  it('given a held push, when the user stays, then the page stays and nothing is left held', () => {
    const remove = guard.add(() => true);
    history.replace('/elsewhere');
    guard.held?.stay();
    expect(seen).toEqual([]);
    expect(window.location.pathname).toBe('/start');
    expect(guard.held).toBeNull();
    remove();
  });

  it('given a check that holds, when the browser goes back, then the move is undone unseen and made again on proceed', async () => {
    history.push('/list');
    history.push('/task');
    seen = [];
    const remove = guard.add((from, to) => from === '/task' && to === '/list');

    window.history.back();
    await vi.waitFor(() => expect(guard.held).not.toBeNull());
    // The address returns to the task; the router never saw the list.
    await vi.waitFor(() => expect(window.location.pathname).toBe('/task'));
    expect(seen).toEqual([]);

    guard.held?.proceed();
    await vi.waitFor(() => expect(seen).toEqual(['/list']));
    expect(window.location.pathname).toBe('/list');
    remove();
  });

  it('given a removed check, when the app pushes, then it passes', () => {
    const remove = guard.add(() => true);
    remove();
    history.push('/free');
    expect(seen).toEqual(['/free']);
  });
});
