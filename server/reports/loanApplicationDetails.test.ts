import { describe, expect, it } from 'vitest';
import type { NormalizedField } from '../../schemas/forms';
import { dictionarySet } from '../../src/core/forms/fields/dictionaries';
import { loanApplicationDetails } from './loanApplicationDetails';

const field = (id: string, extra: Partial<NormalizedField>): NormalizedField => ({
  id,
  type: 'dropdown',
  label: id,
  required: false,
  readOnly: false,
  validation: {},
  config: {},
  widths: { desktop: 12, tablet: 12, phone: 12 },
  valueType: 'string',
  ...extra,
});

const FIELDS = [
  field('loanProduct', { config: { dictionary: 'loanProducts' } }),
  field('loanAmount', { type: 'number', valueType: 'number', config: { currency: 'EUR' } }),
];

const DICTIONARIES = dictionarySet([
  {
    name: 'loanProducts',
    label: { en: 'Loan products', es: 'Productos de préstamo', fr: 'Produits de prêt' },
    entries: [
      {
        code: 'mortgage',
        label: { en: 'Mortgage', es: 'Hipoteca', fr: 'Prêt immobilier' },
        order: 1,
        active: true,
      },
      {
        code: 'bridging',
        label: { en: 'Bridging loan', es: 'Préstamo puente', fr: 'Prêt relais' },
        order: 2,
        active: false,
      },
    ],
  },
]);

describe('loanApplicationDetails', () => {
  it('reads the columns from the completed values, the product in the language', () => {
    const details = loanApplicationDetails({
      sequenceNumber: 7,
      variables: {
        firstName: 'Hana',
        lastName: 'Sato',
        customerId: 'CUS-123456',
        loanProduct: 'mortgage',
        loanAmount: '185 000',
        termMonths: 300,
        decision: 'approved',
      },
      officerName: 'Lucas Martin',
      reviewerName: 'María García',
      applicationFields: FIELDS,
      dictionaries: DICTIONARIES,
      language: 'es',
    });
    expect(details).toEqual({
      sequenceNumber: 7,
      namePart: 'Hipoteca',
      loanOfficer: 'Lucas Martin',
      loanSupervisor: 'María García',
      customerFullName: 'Hana Sato',
      customerID: 'CUS-123456',
      loanAmount: 185000,
      currency: 'EUR',
      duration: 300,
      status: 'approved',
    });
  });

  it('falls back to the applicant name, a retired product label, and declined without approval', () => {
    const details = loanApplicationDetails({
      sequenceNumber: 1,
      variables: { applicantName: 'Kofi Mensah', loanProduct: 'bridging', currency: 'USD' },
      officerName: 'Lucas Martin',
      reviewerName: '',
      applicationFields: FIELDS,
      dictionaries: DICTIONARIES,
      language: 'en',
    });
    expect(details).toMatchObject({
      customerFullName: 'Kofi Mensah',
      namePart: 'Bridging loan',
      currency: 'USD',
      loanAmount: null,
      duration: null,
      status: 'declined',
    });
  });
});
