/** The parts of a postal address, in the order a form shows and a letter writes them. */
export const ADDRESS_PARTS = [
  'street',
  'houseNumber',
  'postalCode',
  'city',
  'region',
  'country',
] as const;

/** One part of a postal address. */
export type AddressPart = (typeof ADDRESS_PARTS)[number];

/**
 * A postal address as saved: each part that was filled in, trimmed; `country` is an
 * ISO 3166-1 alpha-2 code. The keys are the ones the records and reports already name.
 */
export type Address = Partial<Record<AddressPart, string>>;

/**
 * An address field's value: the address, nothing, or text from another system that is not
 * an address of parts (kept so validation can say so instead of losing it).
 */
export type AddressValue = Address | string | null;

const PART_SET: ReadonlySet<string> = new Set(ADDRESS_PARTS);

/** Whether a key names a part of an address. */
export function isAddressPart(key: string): key is AddressPart {
  return PART_SET.has(key);
}

/** A plain object (not a list, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a stored value as an object when it is one: an object as it is, JSON text of an
 * object parsed (process variables often arrive as strings); `undefined` otherwise.
 */
export function readAddressObject(value: unknown): Record<string, unknown> | undefined {
  if (isRecord(value)) return value;
  if (typeof value !== 'string' || !value.trimStart().startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** A part's written text: strings as they are, numbers (a house number) written out. */
export function partText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}
