import { observable, runInAction, type IObservableValue } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_RETRY_MS, LivePath, type LiveTaskEvent } from '../../schemas/api/liveConstants';
import { FakeEventSources } from '../testing/fakeEventSource';
import { LIVE_COALESCE_MS, LiveInboxStore, LiveStatus, type LiveBatch } from './LiveInboxStore';

function aTaskEvent(overrides: Partial<LiveTaskEvent> = {}): string {
  return JSON.stringify({
    change: 'assigneeChanged',
    taskId: 't-1',
    assignee: 'u-anna',
    previousAssignee: null,
    actor: 'u-sup',
    at: '2026-11-29T10:00:00.000Z',
    ...overrides,
  });
}

let user: IObservableValue<string | null>;
let sources: FakeEventSources;
let store: LiveInboxStore;
let batches: LiveBatch[];

function signIn(id: string | null): void {
  runInAction(() => user.set(id));
}

beforeEach(() => {
  vi.useFakeTimers();
  user = observable.box<string | null>(null);
  sources = new FakeEventSources();
  store = new LiveInboxStore({ signedInUserId: () => user.get(), open: sources.open });
  batches = [];
  store.subscribe((batch) => batches.push(batch));
});

afterEach(() => {
  store.dispose();
  vi.useRealTimers();
});

describe('LiveInboxStore', () => {
  it('given nobody signed in, then no stream is open; on sign-in one opens at the live path', () => {
    expect(sources.opened).toHaveLength(0);
    signIn('u-anna');
    expect(sources.opened).toHaveLength(1);
    expect(sources.latest.url).toBe(LivePath.events);
    sources.latest.open();
    expect(store.status).toBe(LiveStatus.open);
  });

  it('given an open stream, when the user signs out, then it is closed and nothing more is handed on', () => {
    signIn('u-anna');
    const source = sources.latest;
    source.open();
    source.send('task', aTaskEvent());
    signIn(null);
    expect(source.closed).toBe(true);
    expect(store.status).toBe(LiveStatus.closed);
    vi.advanceTimersByTime(LIVE_COALESCE_MS);
    expect(batches).toHaveLength(0);
  });

  it('given another account signs in, then the old stream closes and a new one opens', () => {
    signIn('u-anna');
    const first = sources.latest;
    signIn('u-bruno');
    expect(first.closed).toBe(true);
    expect(sources.opened).toHaveLength(2);
  });

  it('given a bulk reassign of 50 tasks, when its events arrive, then they are handed on as one burst after the window', () => {
    signIn('u-anna');
    sources.latest.open();
    for (let i = 0; i < 50; i += 1) {
      sources.latest.send('task', aTaskEvent({ taskId: `t-${i}` }), String(i + 1));
    }
    vi.advanceTimersByTime(LIVE_COALESCE_MS - 1);
    expect(batches).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(batches).toHaveLength(1);
    expect(batches[0]?.events).toHaveLength(50);
    expect(batches[0]?.resync).toBe(false);
  });

  it('given a steady stream, then a burst is handed on 150 ms after it began, not held back by later events', () => {
    signIn('u-anna');
    sources.latest.open();
    for (let i = 0; i < 10; i += 1) {
      sources.latest.send('task', aTaskEvent({ taskId: `t-${i}` }));
      vi.advanceTimersByTime(40);
    }
    // 400 ms of events: at least two bursts were handed on while they still came.
    expect(batches.length).toBeGreaterThanOrEqual(2);
    vi.advanceTimersByTime(LIVE_COALESCE_MS);
    expect(batches.flatMap((batch) => batch.events)).toHaveLength(10);
  });

  it('given malformed data among good events, then only the good ones are handed on', () => {
    signIn('u-anna');
    sources.latest.open();
    sources.latest.send('task', 'not json');
    sources.latest.send('task', JSON.stringify({ change: 'exploded', taskId: 't-9' }));
    sources.latest.send('task', aTaskEvent({ taskId: 't-2' }));
    vi.advanceTimersByTime(LIVE_COALESCE_MS);
    expect(batches.map((batch) => batch.events.map((event) => event.taskId))).toEqual([['t-2']]);
  });

  it('given only malformed data, then nothing is handed on', () => {
    signIn('u-anna');
    sources.latest.open();
    sources.latest.send('task', '{');
    vi.advanceTimersByTime(LIVE_COALESCE_MS * 2);
    expect(batches).toHaveLength(0);
  });

  it('given a resync from the server, then one burst asks to reload everything', () => {
    signIn('u-anna');
    sources.latest.open();
    sources.latest.send('resync', '{}');
    vi.advanceTimersByTime(LIVE_COALESCE_MS);
    expect(batches).toEqual([{ events: [], resync: true }]);
  });

  it('given a first open, then nothing is reloaded; given a reconnect after a drop, then everything is, once', () => {
    signIn('u-anna');
    sources.latest.open();
    vi.advanceTimersByTime(LIVE_COALESCE_MS);
    expect(batches).toHaveLength(0);
    sources.latest.drop();
    expect(store.status).toBe(LiveStatus.connecting);
    sources.latest.drop();
    sources.latest.open();
    vi.advanceTimersByTime(LIVE_COALESCE_MS);
    expect(batches).toEqual([{ events: [], resync: true }]);
    // The browser reconnected the same EventSource, which resends Last-Event-ID itself.
    expect(sources.opened).toHaveLength(1);
  });

  it('given a stream the browser gave up on, then it is opened again after the retry time from the last event seen', () => {
    signIn('u-anna');
    sources.latest.open();
    sources.latest.send('task', aTaskEvent(), '41');
    sources.latest.drop(true);
    vi.advanceTimersByTime(LIVE_RETRY_MS - 1);
    expect(sources.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sources.opened).toHaveLength(2);
    expect(sources.latest.url).toBe(`${LivePath.events}?lastEventId=41`);
    sources.latest.open();
    vi.advanceTimersByTime(LIVE_COALESCE_MS);
    expect(batches.at(-1)?.resync).toBe(true);
  });

  it('given a stream the browser gave up on, when the user signs out meanwhile, then it is not opened again', () => {
    signIn('u-anna');
    sources.latest.drop(true);
    signIn(null);
    vi.advanceTimersByTime(LIVE_RETRY_MS * 4);
    expect(sources.opened).toHaveLength(1);
  });
});
