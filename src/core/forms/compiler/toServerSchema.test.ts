import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { NormalizedForm } from '../../../../schemas/forms';
import { compileForm } from './compileForm';
import { loadFixture } from './compilerTestKit';
import { toServerSchema } from './toServerSchema';

const loan = () => compileForm(loadFixture('DSG-loan-application.json')).form as NormalizedForm;
const check = (schema: object, data: unknown) => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  return validate(data) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`);
};

const complete = {
  firstName: 'Ana',
  lastName: 'Ruiz Gómez',
  dateOfBirth: '1986-04-02',
  customerId: 'CUS-004211',
  employmentStatus: 'employed',
  loanProduct: 'mortgage',
  loanAmount: 240000,
  termMonths: 300,
  annualRate: 3.9,
  monthlyIncome: 4200,
  consentCreditCheck: true,
  monthlyInstalment: 1253.51,
  processVariableTheFormDoesNotShow: 'kept',
};

describe('toServerSchema', () => {
  it('given a complete submission, when validated, then it passes', () => {
    expect(check(toServerSchema(loan()), complete)).toEqual([]);
  });

  it('given a missing required field or a rule broken, when validated, then it fails there', () => {
    const { firstName: _firstName, ...missing } = complete;
    expect(check(toServerSchema(loan()), missing)).toEqual([' required']);
    expect(check(toServerSchema(loan()), { ...complete, loanAmount: 50 })).toEqual([
      '/loanAmount minimum',
    ]);
    expect(check(toServerSchema(loan()), { ...complete, dateOfBirth: '02/04/1986' })).toEqual([
      '/dateOfBirth format',
    ]);
  });

  it('given a required consent left unticked, when validated, then it fails as in Flowable', () => {
    expect(check(toServerSchema(loan()), { ...complete, consentCreditCheck: false })).toEqual([
      '/consentCreditCheck const',
    ]);
  });

  it('given a draft save, when validated, then unfinished work with cleared fields passes', () => {
    const draft = { firstName: 'Ana', loanAmount: null, purpose: null, employmentStatus: null };
    expect(check(toServerSchema(loan(), { mode: 'draft' }), draft)).toEqual([]);
    expect(check(toServerSchema(loan()), draft).length).toBeGreaterThan(0);
  });

  it('given the schema, when emitted, then it has no titles or UI and no display-only fields', () => {
    const schema = toServerSchema(loan());
    const text = JSON.stringify(schema);
    expect(text).not.toContain('title');
    expect(text).not.toContain('ui:');
    expect(Object.keys(schema.properties ?? {})).not.toContain('applicationOutcomes');
    expect(schema.properties?.firstName).toEqual({ type: 'string', maxLength: 60 });
    expect(schema.properties?.purpose).toEqual({ type: ['string', 'null'], maxLength: 500 });
  });
});
