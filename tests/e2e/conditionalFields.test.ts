import { beforeAll, describe, expect, it } from 'vitest';
import { deployStoredForm, makeFormTask } from '../../server/forms/testing/formTestKit';
import { openPage } from '../helpers/browser';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';
import { fieldCell, fieldControl, openTaskPage, watchCompletions } from '../helpers/taskPage';

const OFFICER = 'lucas.martin@tessera.example';
const OFFICER_ID = 'lmartin';
const FORM_KEY = 'guarantorCheck';

// A Flowable form model as its modeler writes a conditional field: the guarantor's name is
// required, and shown only while "Has a guarantor" is ticked.
const GUARANTOR_FORM = {
  key: FORM_KEY,
  name: 'Guarantor check',
  fields: [
    { id: 'hasGuarantor', name: 'Has a guarantor', type: 'boolean' },
    {
      id: 'guarantorName',
      name: 'Guarantor name',
      type: 'text',
      required: true,
      visibilityCondition: {
        leftFormFieldId: 'hasGuarantor',
        leftRestResponseId: '',
        operator: '==',
        rightValue: 'true',
        rightType: null,
        rightFormFieldId: '',
        rightRestResponseId: '',
        nextConditionOperator: '',
        nextCondition: null,
      },
    },
  ],
};

const e2e = setUpServerAndBrowser();

beforeAll(() =>
  deployStoredForm(e2e.server, { id: FORM_KEY, kind: 'plain', definition: GUARANTOR_FORM }),
);

describe('a Flowable form with a conditional field', () => {
  it('given a required field shown only when a box is ticked, when the officer ticks and unticks it by keyboard and submits, then the browser and the server accept the form without it', async () => {
    const task = await makeFormTask(e2e.server, { formKey: FORM_KEY, assignee: OFFICER_ID });
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, OFFICER);
      await openTaskPage(page, e2e.server.url, task.id);
      const box = fieldControl(page, 'hasGuarantor');
      const name = fieldCell(page, 'guarantorName');
      expect(await name.count()).toBe(0);

      // Ticked: the field appears, and a submit without it is refused on it.
      await box.focus();
      await page.keyboard.press('Space');
      await name.waitFor();
      await page.getByRole('button', { name: 'Complete' }).click();
      await name.locator('.tf-errors').waitFor();

      // Unticked: the field goes, and the same submit goes through.
      await box.focus();
      await page.keyboard.press('Space');
      await name.waitFor({ state: 'detached' });
      const completions = watchCompletions(page);
      await page.getByRole('button', { name: 'Complete' }).click();
      await page.locator('.bp6-toast').getByText('The task was completed.').waitFor();
      expect(completions).toHaveLength(1);
      const sent = completions[0]?.postDataJSON() as { values: Record<string, unknown> };
      expect(sent.values).toMatchObject({ hasGuarantor: false });
      expect(sent.values).not.toHaveProperty('guarantorName');
      const stored = await e2e.server.app.engine.getTask('internal', task.id);
      expect(stored.state).toBe('completed');
      const variables = await e2e.server.app.engine.getVariables('internal', stored.instanceId);
      expect(variables).toMatchObject({ hasGuarantor: false });
      expect(variables).not.toHaveProperty('guarantorName');
    } finally {
      await context.close();
    }
  });
});
