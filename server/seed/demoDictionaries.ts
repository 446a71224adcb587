import type { Kysely, Transaction } from 'kysely';
import type { DictionaryLabels } from '../../schemas/api/dictionaries';
import type { DatabaseSchema } from '../db/schema';

/** One demo entry: its code, its labels, and whether forms still offer it. */
interface DemoEntry {
  readonly code: string;
  readonly label: DictionaryLabels;
  readonly active?: false;
}

/** One demo dictionary. */
interface DemoDictionary {
  readonly name: string;
  readonly label: DictionaryLabels;
  readonly entries: readonly DemoEntry[];
}

const entry = (code: string, en: string, es: string, fr: string, active?: false): DemoEntry => ({
  code,
  label: { en, es, fr },
  ...(active === false ? { active } : {}),
});

/**
 * The demo tenants' value lists. The loan application's product list names `loanProducts`;
 * the retired bridging loan shows how an entry no form offers keeps its label for records.
 */
export const DEMO_DICTIONARIES: readonly DemoDictionary[] = [
  {
    name: 'loanProducts',
    label: { en: 'Loan products', es: 'Productos de préstamo', fr: 'Produits de prêt' },
    entries: [
      entry('mortgage', 'Mortgage', 'Hipoteca', 'Prêt immobilier'),
      entry('personal', 'Personal loan', 'Préstamo personal', 'Prêt personnel'),
      entry('car', 'Car loan', 'Préstamo de coche', 'Prêt auto'),
      entry('business', 'Business loan', 'Préstamo para empresas', 'Prêt professionnel'),
      entry('bridging', 'Bridging loan', 'Préstamo puente', 'Prêt relais', false),
    ],
  },
  {
    name: 'currencies',
    label: { en: 'Currencies', es: 'Monedas', fr: 'Devises' },
    entries: [
      entry('EUR', 'Euro', 'Euro', 'Euro'),
      entry('USD', 'US dollar', 'Dólar estadounidense', 'Dollar américain'),
      entry('GBP', 'Pound sterling', 'Libra esterlina', 'Livre sterling'),
      entry('CHF', 'Swiss franc', 'Franco suizo', 'Franc suisse'),
      entry('MXN', 'Mexican peso', 'Peso mexicano', 'Peso mexicain'),
    ],
  },
  {
    name: 'branches',
    label: { en: 'Branches', es: 'Sucursales', fr: 'Agences' },
    entries: [
      entry('madrid-centro', 'Madrid Centre', 'Madrid Centro', 'Madrid Centre'),
      entry('barcelona-diagonal', 'Barcelona Diagonal', 'Barcelona Diagonal', 'Barcelone Diagonal'),
      entry('paris-opera', 'Paris Opéra', 'París Ópera', 'Paris Opéra'),
      entry('lyon-part-dieu', 'Lyon Part-Dieu', 'Lyon Part-Dieu', 'Lyon Part-Dieu'),
      entry('london-city', 'London City', 'Londres City', 'Londres City'),
    ],
  },
  {
    name: 'documentTypes',
    label: { en: 'Document types', es: 'Tipos de documento', fr: 'Types de document' },
    entries: [
      entry('id-card', 'Identity card', 'Documento de identidad', "Carte d'identité"),
      entry('passport', 'Passport', 'Pasaporte', 'Passeport'),
      entry(
        'proof-of-address',
        'Proof of address',
        'Justificante de domicilio',
        'Justificatif de domicile',
      ),
      entry('payslip', 'Payslip', 'Nómina', 'Bulletin de salaire'),
      entry('tax-return', 'Tax return', 'Declaración de la renta', "Avis d'imposition"),
      entry('bank-statement', 'Bank statement', 'Extracto bancario', 'Relevé bancaire'),
    ],
  },
  {
    // The customers' identity documents: the onboarding form's choices, as records store them.
    name: 'identityDocuments',
    label: { en: 'Identity documents', es: 'Documentos de identidad', fr: "Pièces d'identité" },
    entries: [
      entry('nationalId', 'National ID card', 'DNI', "Carte d'identité"),
      entry('passport', 'Passport', 'Pasaporte', 'Passeport'),
      entry('residencePermit', 'Residence permit', 'Permiso de residencia', 'Titre de séjour'),
    ],
  },
  {
    // The loans' credit decisions, as the demo's loan records and their chart store them.
    name: 'loanDecisions',
    label: { en: 'Credit decisions', es: 'Decisiones de crédito', fr: 'Décisions de crédit' },
    entries: [
      entry('approved', 'Approved', 'Aprobado', 'Accordé'),
      entry('rejected', 'Rejected', 'Denegado', 'Refusé'),
      entry('moreInfo', 'More information needed', 'Falta información', 'Informations à compléter'),
    ],
  },
  {
    name: 'collateralTypes',
    label: { en: 'Collateral types', es: 'Tipos de garantía', fr: 'Types de garantie' },
    entries: [
      entry('property', 'Residential property', 'Vivienda', 'Bien résidentiel'),
      entry('commercial', 'Commercial property', 'Local comercial', 'Bien commercial'),
      entry('vehicle', 'Vehicle', 'Vehículo', 'Véhicule'),
      entry('deposit', 'Cash deposit', 'Depósito en efectivo', 'Dépôt en espèces'),
      entry('equipment', 'Equipment', 'Maquinaria y equipos', 'Équipement'),
    ],
  },
  {
    name: 'valuationMethods',
    label: { en: 'Valuation methods', es: 'Métodos de tasación', fr: "Méthodes d'évaluation" },
    entries: [
      entry('desktop', 'Desktop valuation', 'Tasación de escritorio', 'Évaluation sur pièces'),
      entry('driveBy', 'Drive-by valuation', 'Tasación exterior', 'Évaluation extérieure'),
      entry('fullInspection', 'Full inspection', 'Inspección completa', 'Visite complète'),
    ],
  },
  {
    // The loan applicants' employment, as the application form and the loan records store it.
    name: 'employmentStatuses',
    label: { en: 'Employment statuses', es: 'Situaciones laborales', fr: "Situations d'emploi" },
    entries: [
      entry('employed', 'Employed', 'Asalariado', 'Salarié'),
      entry('selfEmployed', 'Self-employed', 'Autónomo', 'Indépendant'),
      entry('retired', 'Retired', 'Jubilado', 'Retraité'),
      entry('notEmployed', 'Not employed', 'Sin empleo', 'Sans emploi'),
    ],
  },
  {
    // The customers' preferred languages, each named in the reader's language.
    name: 'languages',
    label: { en: 'Languages', es: 'Idiomas', fr: 'Langues' },
    entries: [
      entry('en', 'English', 'Inglés', 'Anglais'),
      entry('es', 'Spanish', 'Español', 'Espagnol'),
      entry('fr', 'French', 'Francés', 'Français'),
      entry('pt', 'Portuguese', 'Portugués', 'Portugais'),
    ],
  },
  {
    // The customers' nationalities: ISO country codes, and OTHER for the rest of the world.
    name: 'countries',
    label: { en: 'Countries', es: 'Países', fr: 'Pays' },
    entries: [
      entry('ES', 'Spain', 'España', 'Espagne'),
      entry('FR', 'France', 'Francia', 'France'),
      entry('PT', 'Portugal', 'Portugal', 'Portugal'),
      entry('DE', 'Germany', 'Alemania', 'Allemagne'),
      entry('IT', 'Italy', 'Italia', 'Italie'),
      entry('GB', 'United Kingdom', 'Reino Unido', 'Royaume-Uni'),
      entry('US', 'United States', 'Estados Unidos', 'États-Unis'),
      entry('MX', 'Mexico', 'México', 'Mexique'),
      entry('OTHER', 'Other country', 'Otro país', 'Autre pays'),
    ],
  },
  {
    name: 'statuses',
    label: { en: 'Statuses', es: 'Estados', fr: 'Statuts' },
    entries: [
      entry('draft', 'Draft', 'Borrador', 'Brouillon'),
      entry('submitted', 'Submitted', 'Presentada', 'Soumise'),
      entry('in-review', 'In review', 'En revisión', "En cours d'examen"),
      entry('approved', 'Approved', 'Aprobada', 'Approuvée'),
      entry('rejected', 'Rejected', 'Rechazada', 'Refusée'),
      entry('disbursed', 'Disbursed', 'Desembolsada', 'Décaissée'),
      entry('closed', 'Closed', 'Cerrada', 'Clôturée'),
    ],
  },
];

/**
 * Seeds the demo dictionaries of each tenant (called inside the identity seed's
 * transaction, so a database is seeded whole or not at all). Entries are numbered in steps
 * of ten, so a tenant can slot a new one between two without renumbering.
 */
export async function seedDemoDictionaries(
  db: Kysely<DatabaseSchema> | Transaction<DatabaseSchema>,
  tenants: readonly string[],
): Promise<void> {
  await insertDictionaries(db, tenants, DEMO_DICTIONARIES);
}

/** Inserts the given demo lists, with their entries, into each of the tenants. */
async function insertDictionaries(
  db: Kysely<DatabaseSchema> | Transaction<DatabaseSchema>,
  tenants: readonly string[],
  dictionaries: readonly DemoDictionary[],
): Promise<void> {
  if (tenants.length === 0 || dictionaries.length === 0) return;
  await db
    .insertInto('dictionaries')
    .values(
      tenants.flatMap((tenant) =>
        dictionaries.map((dictionary) => ({
          tenant,
          name: dictionary.name,
          label_en: dictionary.label.en,
          label_es: dictionary.label.es,
          label_fr: dictionary.label.fr,
        })),
      ),
    )
    .execute();
  await db
    .insertInto('dictionary_entries')
    .values(
      tenants.flatMap((tenant) =>
        dictionaries.flatMap((dictionary) =>
          dictionary.entries.map((item, index) => ({
            tenant,
            dictionary: dictionary.name,
            code: item.code,
            label_en: item.label.en,
            label_es: item.label.es,
            label_fr: item.label.fr,
            position: (index + 1) * 10,
            active: item.active ?? true,
          })),
        ),
      ),
    )
    .execute();
}

/**
 * Adds to every tenant that has dictionaries the demo lists it lacks (a database seeded
 * before a list was added), leaving the lists it has, and their entries, as they are.
 */
export async function addMissingDemoDictionaries(db: Kysely<DatabaseSchema>): Promise<void> {
  const stored = await db.selectFrom('dictionaries').select(['tenant', 'name']).execute();
  const tenants = [...new Set(stored.map((row) => row.tenant))];
  for (const tenant of tenants) {
    const missing = DEMO_DICTIONARIES.filter(
      (dictionary) => !stored.some((row) => row.tenant === tenant && row.name === dictionary.name),
    );
    if (missing.length > 0) await insertDictionaries(db, [tenant], missing);
  }
}
