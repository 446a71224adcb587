import { beforeAll, describe, expect, it } from 'vitest';
import { DirectoryPath } from '../../schemas/api/directoryConstants';
import { FormPath, type TaskFormAnswer } from '../../schemas/api/forms';
import { UserPath } from '../../schemas/api/usersConstants';
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
/** The group the officer names as the loan's review team (two members in the demo). */
const GROUP_ID = 'credit-committee';
const GROUP_NAME = 'Credit committee';

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
  it('given a loan task with a people and a group field, when the officer picks a colleague and a group by keyboard and saves, then the reload names both from one lookup each and the server stored both ids', async () => {
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

      // And tabs past the clear button to the group picker, searches and takes the group.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      const team = fieldControl(page, 'reviewTeam');
      await expect
        .poll(() => team.evaluate((element) => element === document.activeElement))
        .toBe(true);
      await expect(fieldCell(page, 'reviewTeam').getByRole('note').count()).resolves.toBe(0);
      await page.keyboard.type('credit');
      const group = page.getByRole('option', { name: new RegExp(GROUP_NAME) });
      await group.waitFor();
      await expect(group.textContent()).resolves.toContain('2 members');
      await page.keyboard.press('Enter');
      await expect(team.inputValue()).resolves.toBe(GROUP_NAME);

      // When they save, then the dashboard shows with the saved toast.
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.locator('.bp6-toast').getByText('The task was saved.').waitFor();
      await page.waitForURL((url) => url.pathname === '/');

      // Then the task opens again with both named, each by one lookup by id; the staff list
      // is not read to find a name.
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') asked.push(new URL(request.url()).pathname);
      });
      await openTaskPage(page, e2e.server.url, documents.id);
      await expect.poll(() => fieldControl(page, 'loanOfficer').inputValue()).toBe(COLLEAGUE_NAME);
      await expect.poll(() => fieldControl(page, 'reviewTeam').inputValue()).toBe(GROUP_NAME);
      expect(asked.filter((path) => path === DirectoryPath.usersByIds)).toHaveLength(1);
      expect(asked.filter((path) => path === DirectoryPath.groupsByIds)).toHaveLength(1);
      expect(asked).not.toContain(UserPath.query);

      // And the server keeps both ids, as Flowable's form engine stores a person and a group.
      const answer = await page.request.get(`${e2e.server.url}${FormPath.taskForm(documents.id)}`);
      expect(answer.status()).toBe(200);
      const stored = (await answer.json()) as TaskFormAnswer;
      expect(stored.values.loanOfficer).toBe(COLLEAGUE_ID);
      expect(stored.values.reviewTeam).toBe(GROUP_ID);
    } finally {
      await context.close();
    }
  });
});
