import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../schemas/api/common';
import { DictionaryPath, type SystemDictionariesAnswer } from '../../schemas/api/dictionaries';
import { FormPath, type PreviewAnswer } from '../../schemas/api/forms';
import { TaskPath } from '../../schemas/api/tasks';
import { loadLabelOf } from '../../server/dictionaries';
import { deployFormProcesses, makeFormTask } from '../../server/forms/testing/formTestKit';
import { storeFormDefinition } from '../../server/forms/seedFormDefinitions';
import { startTestServer, type TestServer } from '../../server/testing/startTestServer';
import { call, EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import { identityClient, type IdentityClient } from './identityClient';

/** A designer form whose currency comes from the tenant's `currencies` dictionary. */
const CURRENCY_FORM = {
  id: 'DSG-dictionary-currency',
  name: 'Currency',
  fields: [
    {
      id: 'currency',
      type: 'dropdown',
      label: 'Currency',
      validation: { required: true },
      config: { dictionary: 'currencies' },
    },
  ],
};

/** The same through a Flowable form model: radio buttons naming `loanProducts` in `params`. */
const PRODUCT_FORM = {
  key: 'plain-dictionary-product',
  name: 'Product',
  fields: [
    {
      id: 'product',
      name: 'Product',
      type: 'radio-buttons',
      required: true,
      params: { dictionary: 'loanProducts' },
    },
  ],
};

describe('system dictionaries', () => {
  let server: TestServer;
  let lucas: IdentityClient;
  let elena: IdentityClient;
  let ana: IdentityClient;
  let priya: IdentityClient;

  const detailsOf = (body: string) =>
    (JSON.parse(body) as ErrorBody).details?.map(({ path, code }) => ({ path, code }));

  beforeAll(async () => {
    server = await startTestServer();
    const { db } = server.database;
    for (const tenant of ['internal', 'acme']) {
      await storeFormDefinition(db, {
        tenant,
        id: CURRENCY_FORM.id,
        kind: 'designer',
        definition: CURRENCY_FORM,
      });
      await storeFormDefinition(db, {
        tenant,
        id: PRODUCT_FORM.key,
        kind: 'plain',
        definition: PRODUCT_FORM,
      });
      await deployFormProcesses(server, [CURRENCY_FORM.id, PRODUCT_FORM.key], tenant);
    }
    // Acme trades in one more currency than the demo's other tenants.
    await db
      .insertInto('dictionary_entries')
      .values({
        tenant: 'acme',
        dictionary: 'currencies',
        code: 'BRL',
        label_en: 'Brazilian real',
        label_es: 'Real brasileño',
        label_fr: 'Réal brésilien',
        position: 5,
      })
      .execute();
    lucas = await signIn(server, EMAIL.lmartin);
    elena = await signIn(server, EMAIL.evidal);
    ana = await signIn(server, EMAIL.asouza, 'acme');
    priya = await signIn(server, EMAIL.pnair);
  });

  afterAll(async () => {
    await server?.close();
  });

  describe('the dictionaries call', () => {
    it('given a signed-in user, when asking, then every demo list comes with its entries in order and a label per language', async () => {
      const response = await call(lucas, 'GET', DictionaryPath.list);
      expect(response.statusCode, response.body).toBe(200);
      const { data } = response.json<SystemDictionariesAnswer>();
      expect(data.map((dictionary) => dictionary.name).sort()).toEqual([
        'branches',
        'collateralTypes',
        'countries',
        'currencies',
        'documentTypes',
        'employmentStatuses',
        'identityDocuments',
        'languages',
        'loanDecisions',
        'loanProducts',
        'statuses',
        'valuationMethods',
      ]);
      const products = data.find((dictionary) => dictionary.name === 'loanProducts');
      expect(products?.label.es).toBe('Productos de préstamo');
      expect(products?.entries.map((entry) => entry.code)).toEqual([
        'mortgage',
        'personal',
        'car',
        'business',
        'bridging',
      ]);
      expect(products?.entries[1]).toEqual({
        code: 'personal',
        label: { en: 'Personal loan', es: 'Préstamo personal', fr: 'Prêt personnel' },
        order: 20,
        active: true,
      });
      // A retired entry is answered, so records that stored it still show its label.
      expect(products?.entries.at(-1)).toMatchObject({ code: 'bridging', active: false });
    });

    it('given a user without any privilege, when asking, then the lists are answered too (records and tasks both read them)', async () => {
      const response = await call(elena, 'GET', DictionaryPath.list);
      expect(response.statusCode).toBe(200);
      expect(response.json<SystemDictionariesAnswer>().data).toHaveLength(12);
    });

    it('given no session, when asking, then 401 and no list', async () => {
      const response = await identityClient(server).request({ url: DictionaryPath.list });
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain('currencies');
    });

    it('given a query parameter, when asking, then 400', async () => {
      const response = await call(lucas, 'GET', `${DictionaryPath.list}?tenant=acme`);
      expect(response.statusCode).toBe(400);
    });

    it('given two tenants, when each asks, then each sees only its own entries', async () => {
      const codesOf = async (client: IdentityClient) =>
        (await call(client, 'GET', DictionaryPath.list))
          .json<SystemDictionariesAnswer>()
          .data.find((dictionary) => dictionary.name === 'currencies')
          ?.entries.map((entry) => entry.code);
      expect(await codesOf(ana)).toEqual(['BRL', 'EUR', 'USD', 'GBP', 'CHF', 'MXN']);
      expect(await codesOf(lucas)).toEqual(['EUR', 'USD', 'GBP', 'CHF', 'MXN']);
    });
  });

  describe('saving a form whose field names a dictionary', () => {
    it('given a code of the dictionary, when saving and completing, then it is stored as the code', async () => {
      const task = await makeFormTask(server, { formKey: CURRENCY_FORM.id, assignee: 'lmartin' });
      const draft = await call(lucas, 'PUT', FormPath.draft(task.id), {
        values: { currency: 'GBP' },
      });
      expect(draft.statusCode, draft.body).toBe(200);
      const completion = await call(lucas, 'POST', TaskPath.complete(task.id), {
        values: { currency: 'CHF' },
      });
      expect(completion.statusCode, completion.body).toBe(200);
      const variables = await server.app.engine.getVariables('internal', task.instanceId);
      expect(variables.currency).toBe('CHF');
    });

    it('given a code the dictionary lacks, or a label instead of a code, when saving, then 422 validation.enum', async () => {
      const task = await makeFormTask(server, { formKey: CURRENCY_FORM.id, assignee: 'lmartin' });
      for (const currency of ['XYZ', 'Euro', 'BRL']) {
        const response = await call(lucas, 'PUT', FormPath.draft(task.id), {
          values: { currency },
        });
        expect(response.statusCode, currency).toBe(422);
        expect(detailsOf(response.body)).toEqual([{ path: 'currency', code: 'validation.enum' }]);
      }
    });

    it('given another tenant’s own entry, when its user saves it, then it is accepted there only', async () => {
      const task = await makeFormTask(server, {
        formKey: CURRENCY_FORM.id,
        assignee: 'acme-asouza',
        tenant: 'acme',
      });
      const response = await call(ana, 'PUT', FormPath.draft(task.id), {
        values: { currency: 'BRL' },
      });
      expect(response.statusCode, response.body).toBe(200);
    });

    it('given a Flowable form naming a dictionary in params, when saving a retired entry, then 422, and an active one is kept', async () => {
      const task = await makeFormTask(server, { formKey: PRODUCT_FORM.key, assignee: 'lmartin' });
      const retired = await call(lucas, 'PUT', FormPath.draft(task.id), {
        values: { product: 'bridging' },
      });
      expect(retired.statusCode).toBe(422);
      expect(detailsOf(retired.body)).toEqual([{ path: 'product', code: 'validation.enum' }]);
      const active = await call(lucas, 'PUT', FormPath.draft(task.id), {
        values: { product: 'business' },
      });
      expect(active.statusCode, active.body).toBe(200);
    });

    it('given a required dictionary field left empty, when completing, then 422 validation.required', async () => {
      const task = await makeFormTask(server, { formKey: CURRENCY_FORM.id, assignee: 'lmartin' });
      const response = await call(lucas, 'POST', TaskPath.complete(task.id), { values: {} });
      expect(response.statusCode).toBe(422);
      expect(detailsOf(response.body)).toEqual([{ path: 'currency', code: 'validation.required' }]);
    });
  });

  describe('the author preview', () => {
    it('given a form naming one of the tenant’s dictionaries and one it lacks, when previewed, then the known one shows its entries and the other is a finding', async () => {
      const definition = {
        ...CURRENCY_FORM,
        fields: [
          ...CURRENCY_FORM.fields,
          { id: 'branch', type: 'radio', label: 'Branch', config: { dictionary: 'branchez' } },
        ],
      };
      const response = await call(priya, 'POST', FormPath.preview, { definition });
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<PreviewAnswer>();
      expect(answer.warnings).toEqual([
        {
          code: 'field.unknownDictionary',
          path: '/fields/1',
          params: { dictionary: 'branchez', fieldId: 'branch' },
        },
      ]);
      const [currency, branch] = answer.form?.sections[0]?.fields ?? [];
      expect(currency?.options?.map((option) => option.value)).toEqual([
        'EUR',
        'USD',
        'GBP',
        'CHF',
        'MXN',
      ]);
      expect(currency?.options?.[1]?.label).toEqual({
        en: 'US dollar',
        es: 'Dólar estadounidense',
        fr: 'Dollar américain',
      });
      expect(branch?.options).toEqual([]);
    });
  });

  describe('the label of a stored code', () => {
    it('given a tenant’s lists, when labelling codes, then each shows in the language asked, a retired one too, and an unknown code as itself', async () => {
      const labels = await loadLabelOf(server.database.db, 'internal');
      expect(labels('currencies', 'USD', 'es')).toBe('Dólar estadounidense');
      expect(labels('currencies', 'USD', 'fr-CA')).toBe('Dollar américain');
      expect(labels('loanProducts', 'bridging', 'es')).toBe('Préstamo puente');
      expect(labels('currencies', 'BRL', 'en')).toBe('BRL');
      expect(labels('nope', 'EUR', 'en')).toBe('EUR');
      const acme = await loadLabelOf(server.database.db, 'acme');
      expect(acme('currencies', 'BRL', 'es')).toBe('Real brasileño');
    });
  });
});
