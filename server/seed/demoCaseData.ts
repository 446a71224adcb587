import { demoCreditScore } from '../engine/handlers/creditCheck';
import { bureauBandOf, type DemoBureauAnswer } from '../webhooks/demoBureauAnswer';
import { CUSTOMER_NAMES, type SeededRandom } from './demoWorkloadPlan';

/**
 * What the demo's cases are made of: customers, loans that pass the application form's own
 * rules (product terms, the 45 % debt-to-income limit), and the values each demo form is
 * filled in with. The seed submits these through the forms' checks, so a value drawn here
 * that a form refuses stops the seed with the form's own message.
 */

const DAY_MS = 24 * 3_600_000;

/** A customer of the demo: names, number, birth date and e-mail, drawn once per case. */
export interface DemoCustomer {
  readonly firstName: string;
  readonly lastName: string;
  readonly fullName: string;
  readonly customerId: string;
  readonly dateOfBirth: string;
  readonly email: string;
}

export function drawCustomer(random: SeededRandom): DemoCustomer {
  const fullName = random.pick(CUSTOMER_NAMES);
  const [firstName = fullName, ...rest] = fullName.split(' ');
  const lastName = rest.join(' ') || firstName;
  const ascii = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase();
  return {
    firstName,
    lastName,
    fullName,
    customerId: `CUS-${String(random.int(100_000, 999_999))}`,
    dateOfBirth: `${random.int(1960, 2000)}-0${random.int(1, 9)}-${random.int(10, 28)}`,
    email: `${ascii(firstName)}.${ascii(lastName)}@mail.example`,
  };
}

/** A loan as applied for: product, amount, term, rate, the applicant's income and debt. */
export interface DemoLoan {
  readonly product: string;
  readonly amount: number;
  readonly months: number;
  readonly rate: number;
  readonly income: number;
  readonly otherDebt: number;
}

/** What each product of the `loanProducts` dictionary lends: amounts in 500s, terms, rate. */
const PRODUCTS = {
  mortgage: { amounts: [160, 800], months: [180, 240, 300, 360], rate: 3.9 },
  car: { amounts: [16, 120], months: [36, 48, 60, 72, 84, 96], rate: 5.25 },
  personal: { amounts: [6, 80], months: [12, 24, 36, 48, 60, 72, 84], rate: 6.75 },
  business: { amounts: [20, 300], months: [24, 36, 60, 84, 120], rate: 4.5 },
} as const satisfies Record<string, { amounts: [number, number]; months: number[]; rate: number }>;

type Product = keyof typeof PRODUCTS;

/** The monthly instalment of a loan, as the application form's `PMT` computes it. */
export function monthlyInstalment(amount: number, months: number, annualRate: number): number {
  const rate = annualRate / 100 / 12;
  return rate === 0 ? amount / months : (amount * rate) / (1 - (1 + rate) ** -months);
}

/**
 * A loan the application form accepts, the income drawn so that debt stays under a third.
 * With `strongCredit` the income is also a twelfth of the loan or more, which the demo's
 * credit check passes (see `demoCreditScore`).
 */
export function completeLoan(
  random: SeededRandom,
  product: Product,
  amount: number,
  months: number,
  strongCredit = false,
): DemoLoan {
  const { rate } = PRODUCTS[product];
  const otherDebt = random.pick([0, 150, 320]);
  const burden = monthlyInstalment(amount, months, rate) + otherDebt;
  const needed = Math.max(burden / 0.33, strongCredit ? amount / 11 : 0);
  const income = Math.ceil(needed / 100) * 100 + random.int(0, 12) * 100;
  return { product, amount, months, rate, income, otherDebt };
}

/**
 * Draws a loan: `large` ones are above the 50,000 that sends a loan origination to the
 * credit committee, `small` ones at or below it; `strongCredit` as for `completeLoan`.
 */
export function drawLoan(
  random: SeededRandom,
  size: 'small' | 'large' | 'any' = 'any',
  strongCredit = false,
): DemoLoan {
  const products: Product[] =
    size === 'large'
      ? ['mortgage', 'business']
      : size === 'small'
        ? ['car', 'personal']
        : ['mortgage', 'car', 'personal', 'business'];
  const product = random.pick(products);
  const { amounts, months } = PRODUCTS[product];
  const [low, high] = amounts;
  const floor = size === 'large' ? Math.max(low, 101) : low;
  const ceiling = size === 'small' ? Math.min(high, 100) : high;
  return completeLoan(
    random,
    product,
    random.int(floor, ceiling) * 500,
    random.pick(months),
    strongCredit,
  );
}

/** A date `days` after `from`, as `YYYY-MM-DD`. */
export function isoDay(from: Date, days: number): string {
  return new Date(from.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * What a loan origination starts with: the application as the bank's online channel
 * received it (the customer's names and e-mail, product, amount, term and income), which
 * the intake form opens filled with for the officer to check and complete.
 */
export function receivedApplication(
  customer: DemoCustomer,
  loan: DemoLoan,
): Record<string, string | number> {
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    loanProduct: loan.product,
    loanAmount: loan.amount,
    termMonths: loan.months,
    monthlyIncome: loan.income,
  };
}

/** The loan application form's values of a customer's loan. */
export function applicationValues(
  random: SeededRandom,
  customer: DemoCustomer,
  loan: DemoLoan,
  startDay: Date,
): Record<string, unknown> {
  const employed = random.chance(0.8);
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    dateOfBirth: customer.dateOfBirth,
    customerId: customer.customerId,
    email: customer.email,
    employmentStatus: employed ? 'employed' : 'selfEmployed',
    ...(employed
      ? { employerName: random.pick(['Iberdrola', 'Mercadona', 'Airbus', 'Renfe']) }
      : {}),
    loanProduct: loan.product,
    loanAmount: loan.amount,
    termMonths: loan.months,
    annualRate: loan.rate,
    purpose: {
      mortgage: 'Purchase of a family home.',
      car: 'A new car for commuting.',
      personal: 'Kitchen and bathroom renovation.',
      business: 'Equipment for the workshop.',
    }[loan.product],
    disbursementDate: isoDay(startDay, 14),
    monthlyIncome: loan.income,
    otherMonthlyDebt: loan.otherDebt,
    collateralTypes: loan.product === 'mortgage' ? ['property'] : ['vehicle'],
    hasExistingLoans: random.chance(0.3),
    consentCreditCheck: true,
    officerNotes: 'Identity and payslips checked in the branch.',
  };
}

/**
 * The stand-in credit bureau's answer for a loan at `checkedAt`, as its button records it:
 * the demo's scoring rule, the score's band, and a reference drawn from the seed so the
 * demo comes out the same on every first start.
 */
export function bureauAnswer(
  random: SeededRandom,
  loan: DemoLoan,
  checkedAt: Date,
): DemoBureauAnswer {
  const score = demoCreditScore({ loanAmount: loan.amount, monthlyIncome: loan.income });
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const code = Array.from({ length: 10 }, () => alphabet[random.int(0, 31)]).join('');
  return {
    score,
    band: bureauBandOf(score),
    checkedAt: checkedAt.toISOString(),
    reference: `CB-${checkedAt.getUTCFullYear()}-${code}`,
  };
}

/** The credit committee's decision form's values. */
export function creditDecisionValues(
  random: SeededRandom,
  decidedOn: Date,
  approve: boolean,
): Record<string, unknown> {
  return {
    riskBand: approve ? random.pick(['A', 'B']) : random.pick(['C', 'D']),
    incomeVerified: approve,
    decisionDate: isoDay(decidedOn, 0),
    decisionNotes: approve
      ? random.pick([
          'Stable income, long-standing customer.',
          'Collateral covers the loan with room to spare.',
        ])
      : 'Income could not be verified against the payslips provided.',
  };
}

/** The document collection form's values (the demo's every-type Flowable form). */
export function documentValues(
  random: SeededRandom,
  customer: DemoCustomer,
  loan: DemoLoan,
  startDay: Date,
): Record<string, unknown> {
  return {
    fullName: customer.fullName,
    monthlyIncome: loan.income,
    dependants: random.int(0, 3),
    applicationDate: isoDay(startDay, 0),
    addressNotes: 'Lives at the address on the ID card.',
    hasGuarantor: false,
    loanPurpose: loan.product === 'mortgage' ? 'home' : 'car',
    repaymentFrequency: 'monthly',
  };
}

/** The collateral valuation form's values. */
export function collateralValues(loan: DemoLoan, startDay: Date): Record<string, unknown> {
  const property = loan.product === 'mortgage';
  return {
    collateralType: property ? 'property' : 'vehicle',
    valuationMethod: property ? 'fullInspection' : 'desktop',
    marketValue: Math.round(loan.amount * 1.4),
    forcedSaleValue: Math.round(loan.amount * 1.1),
    valuationDate: isoDay(startDay, 3),
    valuerName: 'Tasaciones Norte S.L.',
    inspectionCount: 1,
    encumbrances: false,
    valuerNotes: 'No defects found.',
  };
}

/** The disbursement form's values: the amount applied for, paid to the applicant. */
export function disbursementValues(
  customer: DemoCustomer,
  loan: DemoLoan,
  startDay: Date,
): Record<string, unknown> {
  return {
    disbursedAmount: loan.amount,
    valueDate: isoDay(startDay, 6),
    payeeName: customer.fullName,
    disbursementChannel: 'sepaCredit',
    iban: 'ES9121000418450200051332',
    bic: 'CAIXESBB',
    paymentReference: customer.customerId,
    signedContractReceived: true,
  };
}

/** Where a demo customer lives, by nationality: a structured postal address and a phone. */
const HOMES = {
  ES: {
    address: {
      street: 'Calle Mayor',
      houseNumber: '12',
      postalCode: '28013',
      city: 'Madrid',
      region: 'Comunidad de Madrid',
      country: 'ES',
    },
    phone: '+34600123456',
  },
  FR: {
    address: {
      street: 'Rue de la République',
      houseNumber: '8',
      postalCode: '69002',
      city: 'Lyon',
      region: 'Auvergne-Rhône-Alpes',
      country: 'FR',
    },
    phone: '+33612345678',
  },
  PT: {
    address: {
      street: 'Rua Augusta',
      houseNumber: '140',
      postalCode: '1100-053',
      city: 'Lisboa',
      region: 'Lisboa',
      country: 'PT',
    },
    phone: '+351912345678',
  },
} as const;

export type DemoNationality = keyof typeof HOMES;

/** The KYC capture form's values of a customer. */
export function kycValues(
  random: SeededRandom,
  customer: DemoCustomer,
  nationality: DemoNationality,
): Record<string, unknown> {
  const home = HOMES[nationality];
  return {
    fullName: customer.fullName,
    dateOfBirth: customer.dateOfBirth,
    nationality,
    idDocumentType: 'nationalId',
    idDocumentNumber: `X${String(random.int(1_000_000, 9_999_999))}`,
    address: home.address,
    phone: home.phone,
    email: customer.email,
    preferredLanguage: random.pick(['en', 'es', 'fr']),
    politicallyExposed: false,
    sourceOfFunds: 'Salary from permanent employment.',
    termsAccepted: true,
  };
}

/** The compliance review form's values. */
export function complianceValues(startDay: Date): Record<string, unknown> {
  return {
    sanctionsScreening: 'clear',
    pepCheck: 'notPep',
    riskRating: 'low',
    nextReviewDate: isoDay(startDay, 365),
    adverseMedia: false,
    eddRequired: false,
    reviewNotes: 'Screening clear; standard due diligence.',
  };
}

/** The loan review's decision part: approved, rejected or sent back for more information. */
export function reviewValues(
  decision: 'approved' | 'rejected' | 'moreInfo',
  amount: number,
): Record<string, unknown> {
  return {
    decision,
    ...(decision === 'approved' ? { approvedAmount: amount } : {}),
    decisionNotes:
      decision === 'approved'
        ? 'Affordability and documents in order.'
        : decision === 'rejected'
          ? 'Debt-to-income too high for the requested term.'
          : 'Please add the last three payslips.',
  };
}
