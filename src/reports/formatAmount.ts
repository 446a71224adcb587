/**
 * An amount as reports show it: a space between thousands (spec 001 section 9), up to two
 * decimals, '' when there is none.
 */
export function formatAmount(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '';
  const [whole = '0', fraction] = Math.abs(amount).toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const decimals = fraction === '00' ? '' : `.${fraction}`;
  return `${amount < 0 ? '-' : ''}${grouped}${decimals}`;
}
