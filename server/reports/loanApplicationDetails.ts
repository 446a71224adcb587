import type { NormalizedField } from '../../schemas/forms';
import { LoanApplicationStatus, type LoanApplicationDetails } from '../../schemas/api/reports';
import type { DictionarySet } from '../../src/core/forms/fields/dictionaries';
import { choiceLabel } from './choiceLabel';

/** What the loan-application columns are read from. */
export interface LoanApplicationSource {
  readonly sequenceNumber: number;
  /** The instance's variables at its end: every value its tasks were completed with. */
  readonly variables: Readonly<Record<string, unknown>>;
  /** Who completed the last application form (the officer); the starter when nobody did. */
  readonly officerName: string;
  /** Who completed the last review (the supervisor); '' when nobody did. */
  readonly reviewerName: string;
  /** The application form's fields, for the product's label and the amount's currency. */
  readonly applicationFields: readonly NormalizedField[];
  /** The tenant's dictionaries, for a product kept as a dictionary code. */
  readonly dictionaries: DictionarySet;
  readonly language: string;
}

function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** A form number, which may arrive as a number or a numeric string with space separators. */
function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const compact = value.replace(/\s/g, '');
  if (compact === '') return null;
  const parsed = Number(compact);
  return Number.isFinite(parsed) ? parsed : null;
}

/**
 * The loanApplicationDetails of a completed loan application (spec 001 section 3): the
 * application form's product (its label), customer (first and last name, or the applicant's
 * name the process was started with) and customer number, amount, currency (a `currency`
 * value, else the amount field's own) and term in months; the officer and the reviewer; and
 * approved when the review's decision approved it, declined otherwise.
 */
export function loanApplicationDetails(source: LoanApplicationSource): LoanApplicationDetails {
  const { variables, applicationFields } = source;
  const fullName = [text(variables.firstName), text(variables.lastName)]
    .filter((part) => part !== '')
    .join(' ');
  const amountField = applicationFields.find((field) => field.id === 'loanAmount');
  const fieldCurrency = amountField?.config.currency;
  return {
    sequenceNumber: source.sequenceNumber,
    namePart: choiceLabel(
      applicationFields.find((field) => field.id === 'loanProduct'),
      variables.loanProduct,
      source.language,
      source.dictionaries,
    ),
    loanOfficer: source.officerName,
    loanSupervisor: source.reviewerName,
    customerFullName: fullName || text(variables.applicantName),
    customerID: text(variables.customerId),
    loanAmount: numberOf(variables.loanAmount),
    currency: text(variables.currency) || (typeof fieldCurrency === 'string' ? fieldCurrency : ''),
    duration: numberOf(variables.termMonths),
    status:
      variables.decision === 'approved'
        ? LoanApplicationStatus.approved
        : LoanApplicationStatus.declined,
  };
}
