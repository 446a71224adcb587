import { validationError, type ValidationError } from '../../src/core/forms/fields/validationError';

/** A position as the field saves it: `[latitude, longitude]`, each to 5 decimals. */
export type GpsPosition = readonly [number, number];

/** A GPS value after sanitising: a position, nothing, or what could not be read (refused). */
export type GpsValue = GpsPosition | null | string | number | boolean | object;

/** Decimals kept of each coordinate (spec 001 section 9): about a metre. */
export const GPS_DECIMALS = 5;

/** The bounds of each coordinate, in degrees. */
export const GPS_BOUNDS = {
  latitude: { min: -90, max: 90 },
  longitude: { min: -180, max: 180 },
} as const;

const round = (degrees: number): number => Number(degrees.toFixed(GPS_DECIMALS)) + 0;

/** A list of exactly two finite numbers, whatever their range. */
export function isGpsPosition(value: unknown): value is GpsPosition {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    value.every((part) => typeof part === 'number' && Number.isFinite(part))
  );
}

/**
 * Reads a stored or typed position (spec 001 sections 3 and 5): an array of two numbers, or
 * the same as a JSON string (`"[41.38879, 2.15899]"`); only a bracketed pair of numbers is a
 * position, and each is rounded to 5 decimals. Nothing (null, blank text) is null; anything
 * else is kept as it came, so validation can refuse it instead of losing it.
 */
export function sanitizeGps(value: unknown): GpsValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return null;
    if (!text.startsWith('[') || !text.endsWith(']')) return value;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return value;
    }
    return isGpsPosition(parsed) ? [round(parsed[0]), round(parsed[1])] : value;
  }
  if (isGpsPosition(value)) return [round(value[0]), round(value[1])];
  return value;
}

/** A position whose latitude is within ±90 and longitude within ±180 degrees. */
export function validateGps(value: GpsValue): ValidationError[] {
  if (!isGpsPosition(value)) return [validationError('validation.gps.invalid')];
  const [latitude, longitude] = value;
  const errors: ValidationError[] = [];
  const { latitude: lat, longitude: lng } = GPS_BOUNDS;
  if (latitude < lat.min || latitude > lat.max) {
    errors.push(validationError('validation.gps.latitude', { min: lat.min, max: lat.max }));
  }
  if (longitude < lng.min || longitude > lng.max) {
    errors.push(validationError('validation.gps.longitude', { min: lng.min, max: lng.max }));
  }
  return errors;
}
