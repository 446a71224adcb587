import { describe, expect, it } from 'vitest';
import { addPluginTranslations } from '../../src/forms/registry/pluginTranslations';
import { i18n } from '../../src/i18n/i18n';
import { formatGpsPosition, mapsUrl } from './position';
import { sanitizeGps, validateGps } from './validate';

describe('gps rules', () => {
  it('given an array or a JSON string of two numbers, when sanitised, then both give the array rounded to 5 decimals', () => {
    expect(sanitizeGps([41.388791234, 2.158991])).toEqual([41.38879, 2.15899]);
    expect(sanitizeGps(' [41.388791234, -2.158991] ')).toEqual([41.38879, -2.15899]);
    expect(sanitizeGps(sanitizeGps('[1.000004,2]'))).toEqual([1, 2]);
    expect(sanitizeGps([-0.000001, 0])).toEqual([0, 0]);
  });

  it('given nothing or blank text, when sanitised, then the field is empty', () => {
    expect(sanitizeGps(null)).toBeNull();
    expect(sanitizeGps(undefined)).toBeNull();
    expect(sanitizeGps('   ')).toBeNull();
  });

  it('given anything but a bracketed pair of numbers, when sanitised, then it is kept and refused as invalid', () => {
    const unreadable: unknown[] = [
      '41.38879, 2.15899',
      '[41.38879]',
      '[41.38879, 2.15899, 3]',
      '["41.38879", "2.15899"]',
      '[41.38879, 2.15899',
      '{"lat": 41, "lng": 2}',
      [41.38879],
      [41, '2'],
      [41, Number.NaN],
      { latitude: 41, longitude: 2 },
      42,
      true,
    ];
    for (const raw of unreadable) {
      const kept = sanitizeGps(raw);
      expect(kept).toEqual(raw);
      expect(validateGps(kept as never)).toEqual([{ code: 'validation.gps.invalid', params: {} }]);
    }
  });

  it('given a pair out of range, when validated, then the coordinate out of bounds is named with its bounds', () => {
    expect(validateGps([41.38879, 2.15899])).toEqual([]);
    expect(validateGps([90, -180])).toEqual([]);
    expect(validateGps([90.00001, 2])).toEqual([
      { code: 'validation.gps.latitude', params: { min: -90, max: 90 } },
    ]);
    expect(validateGps(sanitizeGps('[-91, 181]'))).toEqual([
      { code: 'validation.gps.latitude', params: { min: -90, max: 90 } },
      { code: 'validation.gps.longitude', params: { min: -180, max: 180 } },
    ]);
  });

  it('given a position, when shown and linked, then it has 5 decimals and points at the map', () => {
    expect(formatGpsPosition([41.3, -2])).toBe('41.30000, -2.00000');
    expect(mapsUrl([41.38879, 2.15899])).toBe(
      'https://www.openstreetmap.org/?mlat=41.38879&mlon=2.15899#map=17/41.38879/2.15899',
    );
  });

  it('given each refusal of a position, then the field says it in English, Spanish and French, the bounds included', () => {
    const refusals = [
      ...validateGps('41.38879, 2.15899' as never),
      ...validateGps(sanitizeGps('[-91, 181]')),
    ];
    expect(refusals.map(({ code }) => code)).toEqual([
      'validation.gps.invalid',
      'validation.gps.latitude',
      'validation.gps.longitude',
    ]);
    addPluginTranslations(i18n);
    for (const language of ['en', 'es', 'fr']) {
      const t = i18n.getFixedT(language);
      const texts = refusals.map(({ code, params }) => t(code, params));
      for (const { code } of refusals) {
        expect(typeof i18n.getResource(language, 'translation', code), `${language}:${code}`).toBe(
          'string',
        );
      }
      expect(texts[1]).toMatch(/-90\b.*\b90\b/);
      expect(texts[2]).toMatch(/-180\b.*\b180\b/);
      expect(new Set(texts).size, language).toBe(3);
    }
  });
});
