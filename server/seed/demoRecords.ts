import type { Kysely } from 'kysely';
import type { ObjectDefinition } from '../../schemas/api/records';
import type { DatabaseSchema } from '../db/schema';
import { storeObjectDefinition } from '../records/objectDefinitions';
import { linkDemoDeleteProcesses } from './demoDeleteProcesses';
import { addMissingDemoDictionaries } from './demoDictionaries';

// The demo's business objects: customers, loans and collateral of the `internal` tenant,
// and a short customer list of `acme`. Records are made by a seeded generator, so every
// database gets the same rows (tests and screenshots can name them) and enough of them to
// page, filter and export.

/** How many records each demo object gets in the `internal` tenant. */
export const DEMO_RECORD_COUNTS = { customers: 2400, loans: 1600, collateral: 900 } as const;
/** How many customers `acme` gets. */
export const ACME_CUSTOMER_COUNT = 40;

const field = (
  key: string,
  label: { en: string; es: string; fr: string },
  type: ObjectDefinition['fields'][number]['type'],
  visibleInMobile = false,
): ObjectDefinition['fields'][number] => ({
  key,
  label,
  type,
  visibleInMobile,
  visibleInOthers: true,
});

/** The demo's object definitions, all at version 1. */
export const DEMO_OBJECT_DEFINITIONS: readonly ObjectDefinition[] = [
  {
    key: 'customers',
    version: 1,
    label: { en: 'Customers', es: 'Clientes', fr: 'Clients' },
    owner: 'back-office',
    colour: '#2d72d2',
    fields: [
      field(
        'customerId',
        { en: 'Customer ID', es: 'ID de cliente', fr: 'ID client' },
        'string',
        true,
      ),
      field(
        'fullName',
        { en: 'Full name', es: 'Nombre completo', fr: 'Nom complet' },
        'string',
        true,
      ),
      field(
        'dateOfBirth',
        { en: 'Date of birth', es: 'Fecha de nacimiento', fr: 'Date de naissance' },
        'date',
      ),
      {
        ...field(
          'nationality',
          { en: 'Nationality', es: 'Nacionalidad', fr: 'Nationalité' },
          'string',
        ),
        dictionary: 'countries',
      },
      {
        ...field(
          'idDocumentType',
          { en: 'ID document', es: 'Documento', fr: "Pièce d'identité" },
          'string',
        ),
        // The codes of the identity documents list: the table shows 'Passport', not 'passport'.
        dictionary: 'identityDocuments',
      },
      field(
        'idDocumentNumber',
        { en: 'Document number', es: 'Número de documento', fr: 'Numéro du document' },
        'string',
      ),
      field('email', { en: 'Email', es: 'Correo electrónico', fr: 'E-mail' }, 'string'),
      field(
        'phone',
        { en: 'Mobile phone', es: 'Teléfono móvil', fr: 'Téléphone mobile' },
        'string',
      ),
      field(
        'address',
        { en: 'Postal address', es: 'Dirección postal', fr: 'Adresse postale' },
        'object',
      ),
      {
        ...field('preferredLanguage', { en: 'Language', es: 'Idioma', fr: 'Langue' }, 'string'),
        dictionary: 'languages',
      },
      field(
        'politicallyExposed',
        { en: 'Politically exposed', es: 'Persona expuesta', fr: 'Personne exposée' },
        'boolean',
      ),
      field(
        'riskScore',
        { en: 'Risk score', es: 'Puntuación de riesgo', fr: 'Score de risque' },
        'integer',
        true,
      ),
    ],
    externalAnalysisUrl: null,
    otherData: { formId: 'DSG-customer-onboarding' },
  },
  {
    key: 'loans',
    version: 1,
    label: { en: 'Loans', es: 'Préstamos', fr: 'Prêts' },
    owner: 'credit-committee',
    colour: '#238551',
    fields: [
      field(
        'loanNumber',
        { en: 'Loan number', es: 'Número de préstamo', fr: 'Numéro du prêt' },
        'string',
        true,
      ),
      field('customerId', { en: 'Customer ID', es: 'ID de cliente', fr: 'ID client' }, 'string'),
      field('firstName', { en: 'First name', es: 'Nombre', fr: 'Prénom' }, 'string'),
      field('lastName', { en: 'Last name', es: 'Apellidos', fr: 'Nom' }, 'string', true),
      {
        ...field('loanProduct', { en: 'Product', es: 'Producto', fr: 'Produit' }, 'string'),
        // The codes of the loan products list: the table shows 'Car loan', not 'car'.
        dictionary: 'loanProducts',
      },
      field('loanAmount', { en: 'Amount', es: 'Importe', fr: 'Montant' }, 'decimal', true),
      field(
        'termMonths',
        { en: 'Term (months)', es: 'Plazo (meses)', fr: 'Durée (mois)' },
        'integer',
      ),
      field(
        'annualRate',
        { en: 'Annual rate (%)', es: 'Tipo anual (%)', fr: 'Taux annuel (%)' },
        'decimal',
      ),
      field(
        'disbursementDate',
        { en: 'Disbursement date', es: 'Fecha de desembolso', fr: 'Date de décaissement' },
        'date',
      ),
      {
        ...field('employmentStatus', { en: 'Employment', es: 'Empleo', fr: 'Emploi' }, 'string'),
        dictionary: 'employmentStatuses',
      },
      field(
        'hasExistingLoans',
        { en: 'Existing loans', es: 'Préstamos vigentes', fr: 'Prêts en cours' },
        'boolean',
      ),
      {
        ...field('decision', { en: 'Decision', es: 'Decisión', fr: 'Décision' }, 'string'),
        dictionary: 'loanDecisions',
      },
    ],
    // The demo's analysis report: this server's charts page (decisions, amounts by month).
    externalAnalysisUrl:
      '/api/analysis/report/loans/1?status=decision&amount=loanAmount&date=disbursementDate',
    otherData: { cutFormId: 'CUT-loan-review' },
  },
  {
    key: 'collateral',
    version: 1,
    label: { en: 'Collateral', es: 'Garantías', fr: 'Garanties' },
    owner: 'back-office',
    colour: '#c87619',
    fields: [
      field(
        'collateralId',
        { en: 'Collateral ID', es: 'ID de garantía', fr: 'ID garantie' },
        'string',
        true,
      ),
      field(
        'loanNumber',
        { en: 'Loan number', es: 'Número de préstamo', fr: 'Numéro du prêt' },
        'string',
      ),
      {
        ...field('collateralType', { en: 'Type', es: 'Tipo', fr: 'Type' }, 'string', true),
        dictionary: 'collateralTypes',
      },
      {
        ...field(
          'valuationMethod',
          { en: 'Valuation method', es: 'Método de tasación', fr: "Méthode d'évaluation" },
          'string',
        ),
        dictionary: 'valuationMethods',
      },
      field(
        'marketValue',
        { en: 'Market value', es: 'Valor de mercado', fr: 'Valeur de marché' },
        'decimal',
        true,
      ),
      field(
        'forcedSaleValue',
        { en: 'Forced-sale value', es: 'Valor de venta forzosa', fr: 'Valeur de vente forcée' },
        'decimal',
      ),
      field(
        'valuationDate',
        { en: 'Valuation date', es: 'Fecha de tasación', fr: "Date d'évaluation" },
        'date',
      ),
      field('valuerName', { en: 'Valuer', es: 'Tasador', fr: 'Expert' }, 'string'),
      field(
        'inspectionCount',
        { en: 'Inspections', es: 'Inspecciones', fr: 'Inspections' },
        'integer',
      ),
      field('encumbrances', { en: 'Encumbrances', es: 'Cargas', fr: 'Charges' }, 'boolean'),
    ],
    externalAnalysisUrl:
      '/api/analysis/report/collateral/1?status=collateralType&amount=marketValue&date=valuationDate',
    otherData: { formId: 'collateral-valuation' },
  },
];

/** A small deterministic generator (mulberry32): the same seed gives the same records. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST_NAMES = [
  'Lucía',
  'Mateo',
  'Sofía',
  'Hugo',
  'Martina',
  'Léa',
  'Louis',
  'Chloé',
  'Gabriel',
  'Inès',
  'João',
  'Beatriz',
  'Tiago',
  'Mariana',
  'Olivia',
  'James',
  'Amelia',
  'Noah',
  'Aitana',
  'Nicolás',
  'Camille',
  'Jules',
  'Manon',
  'Rafael',
  'Carmen',
  'Diego',
  'Élodie',
  'Antoine',
  'Inés',
  'Pablo',
];
const LAST_NAMES = [
  'García',
  'Fernández',
  'López',
  'Martínez',
  'Sánchez',
  'Romero',
  'Navarro',
  'Torres',
  'Dubois',
  'Lefèvre',
  'Moreau',
  'Laurent',
  'Girard',
  'Bonnet',
  'Rousseau',
  'Silva',
  'Santos',
  'Ferreira',
  'Pereira',
  'Costa',
  'Smith',
  'Taylor',
  'Brown',
  'Wilson',
  'Ortega',
  'Castro',
  'Delgado',
  'Morel',
  'Fontaine',
  'Almeida',
];
const CITIES: readonly [string, string, string][] = [
  ['Madrid', 'ES', '280'],
  ['Barcelona', 'ES', '080'],
  ['Valencia', 'ES', '460'],
  ['Sevilla', 'ES', '410'],
  ['Paris', 'FR', '750'],
  ['Lyon', 'FR', '690'],
  ['Marseille', 'FR', '130'],
  ['Lisboa', 'PT', '110'],
  ['Porto', 'PT', '400'],
  ['Bilbao', 'ES', '480'],
];
const STREETS = [
  'Calle Mayor',
  'Rue de la Paix',
  'Avenida da Liberdade',
  'Gran Vía',
  'Rue Victor Hugo',
  'Paseo del Prado',
];
const DOCUMENT_TYPES = ['nationalId', 'passport', 'residencePermit'];
const LANGUAGES = ['es', 'fr', 'en'];
const PRODUCTS = ['mortgage', 'personal', 'car'];
const EMPLOYMENT = ['employed', 'selfEmployed', 'retired', 'notEmployed'];
const DECISIONS = ['approved', 'approved', 'approved', 'rejected', 'moreInfo'];
const COLLATERAL_TYPES = ['property', 'commercial', 'vehicle', 'deposit', 'equipment'];
const VALUATION_METHODS = ['desktop', 'driveBy', 'fullInspection'];
const VALUERS = ['Tasaciones Ibéricas', 'Expertise Durand', 'Avaliações Lusas', 'Valora Consult'];

/** The moment the demo's newest record was created; older ones go back from it. */
const NEWEST = Date.UTC(2026, 9, 30, 16, 0, 0);

const pad = (value: number, width: number) => String(value).padStart(width, '0');

function isoDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

interface SeedRow {
  id: string;
  data: Record<string, unknown>;
  createdAt: Date;
}

function pickFrom<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('Nothing to pick from.');
  return item;
}

function between(random: () => number, low: number, high: number): number {
  return low + Math.floor(random() * (high - low + 1));
}

/** Customers: a name, a birth date, an identity document and an address per record. */
export function demoCustomers(count: number, seed = 11, prefix = 'CUS'): SeedRow[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, index) => {
    const number = count - index;
    const first = pickFrom(random, FIRST_NAMES);
    const last = pickFrom(random, LAST_NAMES);
    const [city, country, postal] = pickFrom(random, CITIES);
    const born = Date.UTC(
      between(random, 1950, 2004),
      between(random, 0, 11),
      between(random, 1, 28),
    );
    const id = `${prefix}-${pad(number, 5)}`;
    const ascii = `${first}.${last}`
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    // Every few customers some details are missing, as in real files.
    const sparse = number % 9 === 0;
    return {
      id,
      createdAt: new Date(NEWEST - index * 47 * 60_000),
      data: {
        customerId: id,
        fullName: `${first} ${last}`,
        dateOfBirth: isoDay(born),
        nationality: country === 'ES' || country === 'FR' || country === 'PT' ? country : 'OTHER',
        idDocumentType: pickFrom(random, DOCUMENT_TYPES),
        idDocumentNumber: `${String.fromCharCode(65 + between(random, 0, 25))}${pad(between(random, 0, 9_999_999), 7)}`,
        email: sparse ? null : `${ascii}${number}@example.com`,
        phone: sparse ? null : `+34 6${pad(between(random, 0, 99_999_999), 8)}`,
        address: {
          street: `${pickFrom(random, STREETS)} ${between(random, 1, 180)}`,
          postalCode: `${postal}${pad(between(random, 1, 99), 2)}`,
          city,
          country,
        },
        preferredLanguage: pickFrom(random, LANGUAGES),
        politicallyExposed: random() < 0.04,
        riskScore: between(random, 1, 100),
      },
    };
  });
}

/** Loans: each names a customer of the demo list, a product, an amount and a decision. */
export function demoLoans(count: number, customers: readonly SeedRow[], seed = 23): SeedRow[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, index) => {
    const number = count - index;
    const customer = pickFrom(random, customers);
    const [first, ...rest] = String(customer.data.fullName).split(' ');
    const product = pickFrom(random, PRODUCTS);
    const amount =
      product === 'mortgage'
        ? between(random, 60, 450) * 1000
        : product === 'car'
          ? between(random, 60, 400) * 100
          : between(random, 10, 300) * 100;
    const created = NEWEST - index * 71 * 60_000;
    return {
      id: `LN-${pad(number, 5)}`,
      createdAt: new Date(created),
      data: {
        loanNumber: `LN-${pad(number, 5)}`,
        customerId: customer.id,
        firstName: first,
        lastName: rest.join(' '),
        loanProduct: product,
        loanAmount: amount,
        termMonths: product === 'mortgage' ? between(random, 10, 30) * 12 : between(random, 12, 84),
        annualRate: Math.round((product === 'mortgage' ? 2.5 : 5) * 100 + random() * 400) / 100,
        disbursementDate: isoDay(created + between(random, 3, 20) * 86_400_000),
        employmentStatus: pickFrom(random, EMPLOYMENT),
        hasExistingLoans: random() < 0.3,
        decision: pickFrom(random, DECISIONS),
        approvedAmount: amount,
      },
    };
  });
}

/** Collateral: a valued asset securing one of the demo loans. */
export function demoCollateral(count: number, loans: readonly SeedRow[], seed = 37): SeedRow[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, index) => {
    const number = count - index;
    const loan = pickFrom(random, loans);
    const market = between(random, 20, 900) * 1000;
    const created = NEWEST - index * 113 * 60_000;
    return {
      id: `COL-${pad(number, 5)}`,
      createdAt: new Date(created),
      data: {
        collateralId: `COL-${pad(number, 5)}`,
        loanNumber: loan.id,
        collateralType: pickFrom(random, COLLATERAL_TYPES),
        valuationMethod: pickFrom(random, VALUATION_METHODS),
        marketValue: market,
        forcedSaleValue: Math.round(market * (0.6 + random() * 0.2)),
        valuationDate: isoDay(created - between(random, 1, 30) * 86_400_000),
        valuerName: pickFrom(random, VALUERS),
        inspectionCount: between(random, 0, 4),
        encumbrances: random() < 0.15,
      },
    };
  });
}

/** Writes records of one object in batches (one statement each keeps PGlite quick). */
export async function insertRecords(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  object: { key: string; version: number },
  rows: readonly SeedRow[],
): Promise<void> {
  const BATCH = 500;
  for (let start = 0; start < rows.length; start += BATCH) {
    await db
      .insertInto('object_records')
      .values(
        rows.slice(start, start + BATCH).map((row) => ({
          tenant,
          id: row.id,
          key: object.key,
          version: object.version,
          data: JSON.stringify(row.data),
          created_at: row.createdAt,
          updated_at: row.createdAt,
        })),
      )
      .execute();
  }
}

/**
 * Stores the demo's object definitions again in the tenants that have them, so a database
 * seeded by an older version gets their newer fields' settings (a field's dictionary).
 */
async function restoreDemoDefinitions(db: Kysely<DatabaseSchema>): Promise<void> {
  const stored = await db
    .selectFrom('object_definitions')
    .select(['tenant', 'key', 'version'])
    .execute();
  for (const definition of DEMO_OBJECT_DEFINITIONS) {
    for (const row of stored) {
      if (row.key === definition.key && row.version === definition.version) {
        await storeObjectDefinition(db, row.tenant, definition);
      }
    }
  }
}

/**
 * Seeds the demo's object definitions and records once: nothing happens when the
 * `internal` tenant already has an object definition. Returns whether it seeded.
 */
export async function seedDemoRecords(db: Kysely<DatabaseSchema>): Promise<boolean> {
  const existing = await db
    .selectFrom('object_definitions')
    .select('key')
    .where('tenant', '=', 'internal')
    .limit(1)
    .executeTakeFirst();
  // Links only objects that exist, so a database seeded before the link got it too.
  await linkDemoDeleteProcesses(db);
  // A database seeded before a demo list was added gets it, so its fields show labels.
  await addMissingDemoDictionaries(db);
  if (existing) {
    await restoreDemoDefinitions(db);
    return false;
  }
  const [customers, loans, collateral] = DEMO_OBJECT_DEFINITIONS as [
    ObjectDefinition,
    ObjectDefinition,
    ObjectDefinition,
  ];
  for (const definition of DEMO_OBJECT_DEFINITIONS) {
    await storeObjectDefinition(db, 'internal', definition);
  }
  const customerRows = demoCustomers(DEMO_RECORD_COUNTS.customers);
  const loanRows = demoLoans(DEMO_RECORD_COUNTS.loans, customerRows);
  await insertRecords(db, 'internal', customers, customerRows);
  await insertRecords(db, 'internal', loans, loanRows);
  await insertRecords(
    db,
    'internal',
    collateral,
    demoCollateral(DEMO_RECORD_COUNTS.collateral, loanRows),
  );
  // The second tenant has customers of its own under the same key, which `internal` never sees.
  await storeObjectDefinition(db, 'acme', customers);
  await insertRecords(db, 'acme', customers, demoCustomers(ACME_CUSTOMER_COUNT, 101, 'ACM'));
  await linkDemoDeleteProcesses(db);
  return true;
}
