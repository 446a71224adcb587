import { ErrorCode } from '../../schemas/api/common';
import { AppError } from '../errors';
import { addressPrefix } from './addressPrefix';

/** How much password hashing may run at once, and how much may wait. */
export interface HashingSlots {
  /** Hashes that run at the same time (each takes a libuv thread and 32 MiB). */
  concurrency: number;
  /** Hashes that may wait for a free slot; beyond that a request gets 429 at once. */
  queueLength: number;
  /** Running and waiting hashes one client address may hold, so one address cannot fill the queue. */
  perAddress: number;
  /**
   * Slots on top of `concurrency` that only trusted sign-ins (a valid device cookie) may use,
   * so a flood of untrusted attempts never makes a known browser wait. Default 1.
   */
  trustedSlots?: number;
}

/**
 * The lanes of the queue, served in this order: a browser that proved the account before
 * (device cookie), then sources without recent failures, then sources that keep failing.
 */
export const HashingLane = {
  trusted: 'trusted',
  normal: 'normal',
  suspect: 'suspect',
} as const;
/** One of `HashingLane`. */
export type HashingLane = (typeof HashingLane)[keyof typeof HashingLane];

/** Who asks for a hash, as far as sharing the queue goes. */
export interface HashingTicket {
  lane: HashingLane;
  /** Whose places are counted against `perAddress`: the client address, or the trusted account. */
  holder: string;
  /** Whose turn it is in the lane's round-robin: the address's network, or the trusted account. */
  group: string;
}

/** A ticket for a request without a device cookie: by its address, in the normal or suspect lane. */
export function untrustedTicket(address: string, suspect = false): HashingTicket {
  return {
    lane: suspect ? HashingLane.suspect : HashingLane.normal,
    holder: address,
    group: addressPrefix(address),
  };
}

/**
 * A ticket for a sign-in with a valid device cookie. It is counted by account, not address:
 * the browser may sit behind a flooded address, and one account cannot fill the lane.
 */
export function trustedTicket(tenant: string, email: string): HashingTicket {
  const account = `${tenant}\n${email}`;
  return { lane: HashingLane.trusted, holder: account, group: account };
}

/** Which kind of slot a running hash holds, so its release wakes the right lane. */
type Slot = 'shared' | 'trusted';

interface Waiter {
  ticket: HashingTicket;
  start: (slot: Slot) => void;
  refuse: (error: AppError) => void;
}

/** A suspect source (many recent failures) holds at most this many places, running or waiting. */
const SUSPECT_PLACES = 1;

/** A first guess of one hash's duration, until real ones are measured. */
const INITIAL_ESTIMATE_MS = 500;

/** A group's pressure (its recent attempts) halves every this many milliseconds. */
const PRESSURE_HALF_LIFE_MS = 10_000;

/** The pressure map is swept of forgotten groups every this many attempts. */
const SWEEP_EVERY = 256;

/** Pressures this low are forgotten, so the map holds only groups that asked lately. */
const FORGOTTEN_PRESSURE = 0.5;

/** A waiter gives way to a newcomer whose group presses less than this many times less. */
const PRESSURE_RATIO = 2;

/** How long an address last seen in the suspect lane is assumed to be there still. */
const SUSPECT_MEMORY_MS = 30_000;

/**
 * The waiters of one lane, by group. The next to run is the oldest waiter of the group that
 * pressed least lately, and among groups alike the one whose turn came longest ago: so groups
 * that ask at the same rate take turns (round-robin), and one that asks once goes before
 * fifty that keep asking, instead of behind all of their requests.
 */
class Lane {
  private readonly groups = new Map<string, Waiter[]>();
  size = 0;

  push(waiter: Waiter): void {
    const waiters = this.groups.get(waiter.ticket.group);
    if (waiters) waiters.push(waiter);
    else this.groups.set(waiter.ticket.group, [waiter]);
    this.size += 1;
  }

  /** The next waiter; its group moves to the end of the turns (a Map keeps insertion order). */
  shift(pressureOf: (group: string) => number): Waiter | undefined {
    let next: { group: string; waiters: Waiter[]; pressure: number } | undefined;
    for (const [group, waiters] of this.groups) {
      const pressure = pressureOf(group);
      if (!next || pressure < next.pressure) next = { group, waiters, pressure };
    }
    if (!next) return undefined;
    const { group, waiters } = next;
    const waiter = waiters.shift();
    this.groups.delete(group);
    if (waiters.length > 0) this.groups.set(group, waiters);
    this.size -= 1;
    return waiter;
  }

  /** The groups with waiters, in the order of their turns. */
  groupsWaiting(): IterableIterator<string> {
    return this.groups.keys();
  }

  /** Takes out the newest waiter of a group: its older ones keep their turn. */
  popNewest(group: string): Waiter | undefined {
    const waiters = this.groups.get(group);
    const waiter = waiters?.pop();
    if (waiters && waiters.length === 0) this.groups.delete(group);
    if (waiter) this.size -= 1;
    return waiter;
  }
}

/**
 * Bounds the scrypt work of sign-ins and password changes. A flood of sign-in attempts would
 * otherwise start one 32 MiB hash each, all sharing the CPU, so every one of them (a real
 * user's too) would take many seconds. Here at most `concurrency` run, plus `trustedSlots`
 * that only trusted sign-ins use; up to `queueLength` wait in three lanes (`HashingLane`),
 * served trusted first, then normal, then suspect; within a lane by network, the one that
 * asked least lately first, round-robin among alike (see `Lane`).
 * One address holds at most `perAddress` places (a suspect one a single place).
 *
 * When the queue is full, a newcomer takes the place of the newest waiter of a lower lane,
 * or else of the newest waiter of the group that presses hardest, if that group asked at
 * least `PRESSURE_RATIO` times as often lately (attempts, refused ones too, halving every
 * `PRESSURE_HALF_LIFE_MS`); otherwise it gets 429 with a Retry-After estimated from
 * measured hash times. Holding places is not the measure, since a flood from more networks
 * than the queue has places holds one each: it is the asking again and again that gives a
 * flood away. A person who tries once or twice therefore always gets a place, and floods
 * share what is left among themselves.
 */
export class HashingQueue {
  private sharedRunning = 0;
  private trustedRunning = 0;
  private readonly lanes: Record<HashingLane, Lane> = {
    trusted: new Lane(),
    normal: new Lane(),
    suspect: new Lane(),
  };
  private readonly held = new Map<string, number>();
  private readonly pressure = new Map<string, { value: number; at: number }>();
  /** Addresses last seen in the suspect lane, and when. */
  private readonly suspects = new Map<string, number>();
  private attempts = 0;
  private averageMs = INITIAL_ESTIMATE_MS;

  /** `now` in milliseconds, replaceable so tests decide how fast pressure fades. */
  constructor(
    private readonly slots: HashingSlots,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * Runs `job` (one password hash) when a slot is free; 429 RATE_LIMITED when there is no
   * room. A bare address is an untrusted request in the normal lane.
   */
  async run<T>(source: string | HashingTicket, job: () => Promise<T>): Promise<T> {
    const ticket = typeof source === 'string' ? untrustedTicket(source) : source;
    const pressure = this.press(ticket.group);
    if (ticket.lane === HashingLane.suspect) this.suspects.set(ticket.holder, this.now());
    else if (ticket.lane === HashingLane.normal) this.suspects.delete(ticket.holder);
    const heldByHolder = this.held.get(ticket.holder) ?? 0;
    if (heldByHolder >= this.places(ticket)) throw this.busy();
    const free = this.takeFreeSlot(ticket.lane);
    if (!free) {
      const place = this.waitingPlace(ticket, pressure);
      if (!place) throw this.busy();
      if (place !== 'free') place.lane.popNewest(place.group)?.refuse(this.busy());
    }
    this.held.set(ticket.holder, heldByHolder + 1);
    try {
      const slot =
        free ??
        (await new Promise<Slot>((start, refuse) =>
          this.lanes[ticket.lane].push({ ticket, start, refuse }),
        ));
      const started = performance.now();
      try {
        return await job();
      } finally {
        // A moving average: recent hashes say most about the machine's current load.
        this.averageMs = this.averageMs * 0.8 + (performance.now() - started) * 0.2;
        this.release(slot);
      }
    } finally {
      const left = (this.held.get(ticket.holder) ?? 1) - 1;
      if (left <= 0) this.held.delete(ticket.holder);
      else this.held.set(ticket.holder, left);
    }
  }

  /**
   * Throws now the 429 that `run` would throw for an untrusted request from `address`, so an
   * attempt that cannot get a place costs no database work. The database has not said its
   * lane yet, so it is the lane the address last had (suspect for `SUSPECT_MEMORY_MS`). A
   * refused attempt adds to its group's pressure as in `run`.
   */
  assertRoom(address: string): void {
    const now = this.now();
    const seen = this.suspects.get(address);
    const ticket = untrustedTicket(address, seen !== undefined && now - seen < SUSPECT_MEMORY_MS);
    const refused =
      (this.held.get(ticket.holder) ?? 0) >= this.places(ticket) ||
      (this.sharedRunning >= this.slots.concurrency &&
        !this.waitingPlace(ticket, this.pressureOf(ticket.group, now) + 1));
    if (refused) {
      this.press(ticket.group);
      throw this.busy();
    }
  }

  /** Hashes running now and waiting now (for tests and diagnostics). */
  get load(): { running: number; waiting: number } {
    const { trusted, normal, suspect } = this.lanes;
    return {
      running: this.sharedRunning + this.trustedRunning,
      waiting: trusted.size + normal.size + suspect.size,
    };
  }

  /** Claims a free slot for this lane, the trusted ones first so shared ones stay for others. */
  private takeFreeSlot(lane: HashingLane): Slot | undefined {
    if (lane === HashingLane.trusted && this.trustedRunning < (this.slots.trustedSlots ?? 1)) {
      this.trustedRunning += 1;
      return 'trusted';
    }
    if (this.sharedRunning < this.slots.concurrency) {
      this.sharedRunning += 1;
      return 'shared';
    }
    return undefined;
  }

  /** Counts one attempt of `group` and returns its pressure, this attempt included. */
  private press(group: string): number {
    const now = this.now();
    const value = this.pressureOf(group, now) + 1;
    this.pressure.set(group, { value, at: now });
    this.attempts += 1;
    if (this.attempts % SWEEP_EVERY === 0) {
      for (const [key] of this.pressure) {
        if (this.pressureOf(key, now) < FORGOTTEN_PRESSURE) this.pressure.delete(key);
      }
      for (const [address, seen] of this.suspects) {
        if (now - seen >= SUSPECT_MEMORY_MS) this.suspects.delete(address);
      }
    }
    return value;
  }

  private pressureOf(group: string, now: number): number {
    const entry = this.pressure.get(group);
    if (!entry) return 0;
    return entry.value * 0.5 ** ((now - entry.at) / PRESSURE_HALF_LIFE_MS);
  }

  /** The waiting group of `lane` that presses hardest; ties go to the one whose turn is last. */
  private hardestPressing(lane: Lane): { group: string; pressure: number } | undefined {
    const now = this.now();
    let hardest: { group: string; pressure: number } | undefined;
    for (const group of lane.groupsWaiting()) {
      const pressure = this.pressureOf(group, now);
      if (!hardest || pressure >= hardest.pressure) hardest = { group, pressure };
    }
    return hardest;
  }

  /** Places one holder may take: a suspect source only one. */
  private places(ticket: HashingTicket): number {
    return ticket.lane === HashingLane.suspect
      ? Math.min(SUSPECT_PLACES, this.slots.perAddress)
      : this.slots.perAddress;
  }

  /**
   * Where `ticket` may wait when no slot is free: a free place, or the place of the newest
   * waiter of a group that gives way to it; undefined when neither.
   */
  private waitingPlace(
    ticket: HashingTicket,
    pressure: number,
  ): 'free' | { lane: Lane; group: string } | undefined {
    const { trusted, normal, suspect } = this.lanes;
    const waiting = ticket.lane === HashingLane.trusted ? trusted.size : normal.size + suspect.size;
    if (waiting < this.slots.queueLength) return 'free';
    if (ticket.lane === HashingLane.normal && suspect.size > 0) {
      const hardest = this.hardestPressing(suspect);
      return hardest && { lane: suspect, group: hardest.group };
    }
    // Only a clearly harder-pressing group gives way, or two alike would push each other
    // out for ever.
    const lane = this.lanes[ticket.lane];
    const hardest = this.hardestPressing(lane);
    return hardest &&
      hardest.group !== ticket.group &&
      hardest.pressure >= pressure * PRESSURE_RATIO
      ? { lane, group: hardest.group }
      : undefined;
  }

  private release(slot: Slot): void {
    const { trusted, normal, suspect } = this.lanes;
    const now = this.now();
    const pressureOf = (group: string) => this.pressureOf(group, now);
    const next =
      slot === 'trusted'
        ? trusted.shift(pressureOf)
        : (trusted.shift(pressureOf) ?? normal.shift(pressureOf) ?? suspect.shift(pressureOf));
    // The slot passes straight to the next waiter, so the running counts stay as they are.
    if (next) next.start(slot);
    else if (slot === 'trusted') this.trustedRunning -= 1;
    else this.sharedRunning -= 1;
  }

  private busy(): AppError {
    return new AppError(
      429,
      ErrorCode.rateLimited,
      'The server is busy with sign-ins; retry shortly.',
      { headers: { 'retry-after': String(this.retryAfterSeconds()) } },
    );
  }

  private retryAfterSeconds(): number {
    const { running, waiting } = this.load;
    const rounds = (waiting + running) / this.slots.concurrency;
    return Math.max(1, Math.ceil((rounds * this.averageMs) / 1000));
  }
}
