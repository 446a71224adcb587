import { beforeAll, describe, expect, it } from 'vitest';
import { FormPath, type TaskFormAnswer } from '../../schemas/api/forms';
import type { Task } from '../../server/engine/processEngineTypes';
import { openTaskOf } from '../../server/forms/testing/formTestKit';
import { openPage } from '../helpers/browser';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';
import { fieldCell, fieldControl, openTaskPage } from '../helpers/taskPage';

const OFFICER = 'lucas.martin@tessera.example';
const OFFICER_ID = 'lmartin';
/** The colleague the officer names as the loan's officer. */
const COLLEAGUE_ID = 'aokafor';
const COLLEAGUE_NAME = 'Amara Okafor';

const e2e = setUpServerAndBrowser();
let documents: Task;

/**
 * A small loan of the demo's loan origination, past its intake: the officer has claimed its
 * "Collect documents" task, whose form (plain-every-type) has a people field (`loanOfficer`)
 * and a functional-group field (`reviewTeam`).
 */
beforeAll(async () => {
  const { engine } = e2e.server.app;
  const instance = await engine.startProcess('internal', {
    key: 'loanOrigination',
    startedBy: OFFICER_ID,
    variables: {
      customerName: 'Grace Hopper',
      loanAmount: 12000,
      monthlyIncome: 5200,
      valuationDueDate: '2099-01-01T12:00:00.000Z',
    },
  });
  const intake = await openTaskOf(e2e.server, instance.id);
  await engine.claimTask('internal', intake.id, OFFICER_ID);
  await engine.completeTask('internal', intake.id, { userId: OFFICER_ID });
  const open = await engine.listInstanceTasks('internal', instance.id, { completed: false });
  const found = open.find((task) => task.elementId === 'documentCollection');
  if (!found) throw new Error('The loan has no document collection task.');
  documents = await engine.claimTask('internal', found.id, OFFICER_ID);
});

describe('people and functional-group pickers', () => {
  it('given a loan task with a people and a group field, when the officer picks a colleague by keyboard and saves, then the reload shows them and the server stored the id; the group picker says no group directory exists', async () => {
    const { context, page } = await openPage(e2e.browser);
    try {
      await signIn(page, e2e.server.url, OFFICER);
      await openTaskPage(page, e2e.server.url, documents.id);

      // When the officer searches the people picker by keyboard and takes the first match.
      const officer = fieldControl(page, 'loanOfficer');
      await officer.scrollIntoViewIfNeeded();
      await officer.focus();
      await page.keyboard.type('amara');
      const match = page.getByRole('option', { name: new RegExp(COLLEAGUE_NAME) });
      await match.waitFor();
      await expect(match.textContent()).resolves.toContain('amara.okafor@tessera.example');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      await expect(officer.inputValue()).resolves.toBe(COLLEAGUE_NAME);

      // The group picker cannot search: the server offers no directory of groups, and the
      // field says so instead of offering a control that finds nothing.
      const team = fieldCell(page, 'reviewTeam');
      await expect(team.getByRole('note').textContent()).resolves.toContain(
        'No directory of functional groups is available here',
      );
      await expect(fieldControl(page, 'reviewTeam').isDisabled()).resolves.toBe(true);

      // When they save, then the dashboard shows with the saved toast.
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('The task was saved.').waitFor();
      await page.waitForURL((url) => url.pathname === '/');

      // Then the task opens again with the colleague named.
      await openTaskPage(page, e2e.server.url, documents.id);
      const reopened = fieldControl(page, 'loanOfficer');
      await expect.poll(() => reopened.inputValue()).toBe(COLLEAGUE_NAME);

      // And the server keeps the colleague's id, as Flowable's form engine stores a person.
      const answer = await page.request.get(`${e2e.server.url}${FormPath.taskForm(documents.id)}`);
      expect(answer.status()).toBe(200);
      const stored = (await answer.json()) as TaskFormAnswer;
      expect(stored.values.loanOfficer).toBe(COLLEAGUE_ID);
      expect(stored.values.reviewTeam ?? null).toBeNull();
    } finally {
      await context.close();
    }
  });
});
