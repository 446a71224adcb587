import type { DateWindows } from '../workflow/dateWindows';

/** A small, fast, seeded random source (mulberry32), so the demo data is the same every time. */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** One item of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick() needs a non-empty list');
    return item;
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** A version-4-shaped UUID drawn from this source. */
  uuid(): string {
    const hex = Array.from({ length: 32 }, () => this.int(0, 15).toString(16));
    hex[12] = '4';
    hex[16] = ((this.int(0, 15) & 0x3) | 0x8).toString(16);
    const text = hex.join('');
    return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
  }
}

/** Where a demo task's due date falls, relative to the day the demo was seeded. */
export type DueBucket = 'overdue' | 'today' | 'week' | 'later' | 'none';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Draws a due bucket: a fifth overdue, some today, this week and later, a few without a date. */
export function drawBucket(random: SeededRandom): DueBucket {
  const roll = random.next();
  if (roll < 0.2) return 'overdue';
  if (roll < 0.35) return 'today';
  if (roll < 0.6) return 'week';
  if (roll < 0.9) return 'later';
  return 'none';
}

/**
 * A due date in the bucket's window (see `dateWindows`) and a creation time before it and
 * before `now`. On a Sunday the rest of the week is today, so a week task is due today.
 */
export function drawTimes(
  random: SeededRandom,
  bucket: DueBucket,
  now: Date,
  windows: DateWindows,
): { dueDate: Date | null; createdAt: Date } {
  const at = (start: Date, end: Date) =>
    new Date(start.getTime() + Math.floor(random.next() * (end.getTime() - start.getTime())));
  let dueDate: Date | null;
  switch (bucket) {
    case 'overdue':
      dueDate = at(new Date(windows.todayStart.getTime() - 10 * DAY_MS), windows.todayStart);
      break;
    case 'today':
      dueDate = at(windows.todayStart, windows.tomorrowStart);
      break;
    case 'week':
      dueDate =
        windows.weekEnd > windows.tomorrowStart
          ? at(windows.tomorrowStart, windows.weekEnd)
          : at(windows.todayStart, windows.tomorrowStart);
      break;
    case 'later':
      dueDate = at(windows.weekEnd, new Date(windows.weekEnd.getTime() + 30 * DAY_MS));
      break;
    case 'none':
      dueDate = null;
      break;
  }
  // Created one to four days before it fell due, and never in the future.
  const latest = now.getTime() - 10 * 60 * 1000;
  const wanted =
    (dueDate ?? now).getTime() - random.int(1, 4) * DAY_MS - random.int(0, 8) * HOUR_MS;
  return { dueDate, createdAt: new Date(Math.min(latest, wanted)) };
}

/** Customer names for the demo's loan and onboarding cases. */
export const CUSTOMER_NAMES = [
  'Aisha Bello',
  'Bruno Costa',
  'Chen Wei',
  'Daniela Ruiz',
  'Emeka Obi',
  'Fatima Zahra',
  'Gabriel Silva',
  'Hana Sato',
  'Ivan Petrov',
  'Julia Novak',
  'Kofi Mensah',
  'Laura Rossi',
  'Mateo Fernández',
  'Nadia Haddad',
  'Oliver Brown',
  'Paula Jiménez',
  'Quentin Morel',
  'Rosa Delgado',
  'Samuel Adeyemi',
  'Tomás Herrera',
  'Uma Patel',
  'Victor Lemaire',
  'Wen Li',
  'Ximena Torres',
  'Yusuf Kaya',
  'Zoe Martin',
] as const;

/** Comments officers and supervisors leave on each other's cases. */
export const COMMENT_TEXTS = [
  'Called the customer, payslips arrive tomorrow.',
  'Please double-check the income figures before moving on.',
  'Collateral photos are in the shared folder.',
  'Customer asked for a longer term; checking with the committee.',
  'ID document expired, requested a new copy.',
  'Looks fine to me, go ahead.',
  'Waiting for the bank statement of the last three months.',
  'Priority case: the branch manager asked about it.',
] as const;

/** Texts of reassignment comments; some reassignments carry none. */
export const REASSIGN_TEXTS = [
  'Covering while the assignee is on leave.',
  'Balancing the workload this week.',
  'You know this customer already.',
  '',
] as const;
