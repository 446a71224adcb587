/** How a country writes its postal codes: the rule and an example for the message. */
interface PostalCodeFormat {
  readonly pattern: RegExp;
  readonly example: string;
}

/**
 * Postal code formats of the countries the lender's customers mostly live in. A country
 * missing here takes any postal code, or none: many countries have none, and refusing a
 * real address is worse than not checking its code.
 */
const FORMATS: Readonly<Record<string, PostalCodeFormat>> = {
  AT: { pattern: /^\d{4}$/, example: '1010' },
  BE: { pattern: /^\d{4}$/, example: '1000' },
  CH: { pattern: /^\d{4}$/, example: '8001' },
  DE: { pattern: /^\d{5}$/, example: '10115' },
  ES: { pattern: /^\d{5}$/, example: '28013' },
  FR: { pattern: /^\d{5}$/, example: '75005' },
  GB: { pattern: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i, example: 'SW1A 1AA' },
  IT: { pattern: /^\d{5}$/, example: '00184' },
  LU: { pattern: /^(?:L-)?\d{4}$/i, example: '1009' },
  NL: { pattern: /^\d{4} ?[A-Z]{2}$/i, example: '1012 AB' },
  PT: { pattern: /^\d{4}-\d{3}$/, example: '1100-148' },
  US: { pattern: /^\d{5}(?:-\d{4})?$/, example: '20500' },
};

/** The postal code format of a country, when it has a known one. */
export function postalCodeFormat(country: string | undefined): PostalCodeFormat | undefined {
  return country !== undefined && Object.hasOwn(FORMATS, country) ? FORMATS[country] : undefined;
}
