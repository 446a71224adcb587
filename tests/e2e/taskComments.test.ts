import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { deployKit, makeTask } from '../../server/workflow/testing/taskTestKit';
import { openPage } from '../helpers/browser';
import { setUpServerAndBrowser } from '../helpers/setUpServerAndBrowser';
import { signIn } from '../helpers/signIn';

const OFFICER = 'lucas.martin@tessera.example';
const SUPERVISOR = 'maria.garcia@tessera.example';

const e2e = setUpServerAndBrowser();

let officerTaskId = '';
let teamTaskId = '';

beforeAll(async () => {
  await deployKit(e2e.server);
  officerTaskId = (
    await makeTask(e2e.server, { name: 'Verify Ortega payslips', assignee: 'lmartin' })
  ).id;
  teamTaskId = (
    await makeTask(e2e.server, { name: 'Handover Silva file', assignee: 'aokafor', seen: true })
  ).id;
});

/** Opens a task page and waits for its comments section to finish loading. */
async function openTask(page: Page, taskId: string): Promise<void> {
  await page.goto(`${e2e.server.url}/process/task/${taskId}`);
  await page.getByTestId('task-comments').waitFor();
  await page.locator('.tessera-task-comments__state').waitFor({ state: 'detached' });
}

/** The texts of the comments on screen, top to bottom. */
function commentTexts(page: Page): Promise<string[]> {
  return page.getByTestId('task-comment-text').allTextContents();
}

describe('task comments', () => {
  it('given his task page, when the officer adds a comment, then it shows at once and is still there after a reload', async () => {
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, OFFICER);
    await openTask(page, officerTaskId);
    await page.getByTestId('task-comments-empty').waitFor();

    // When he writes a comment (surrounding spaces are trimmed) and adds it.
    await page.getByTestId('task-comment-open').click();
    await page.getByLabel('Add a comment').fill('  Payslips for March and April received.  ');
    await expect(page.getByTestId('task-comment-counter').textContent()).resolves.toBe('38/250');
    await page.getByTestId('task-comment-add').click();

    // Then it leads the list under his name at once, and the server confirms it.
    const first = page.getByTestId('task-comment').first();
    await first.getByText('Payslips for March and April received.').waitFor({ timeout: 2000 });
    await expect(first.locator('.tessera-task-comment__author').textContent()).resolves.toBe(
      'Lucas Martin',
    );
    await page.locator('.bp6-toast').getByText('Your comment was added.').waitFor();
    await page.locator('[data-testid="task-comment"][aria-busy]').waitFor({ state: 'detached' });

    // And a reload reads it back from the server.
    await page.reload();
    await openTask(page, officerTaskId);
    await expect(commentTexts(page)).resolves.toEqual(['Payslips for March and April received.']);
    await expect(page.getByRole('tab', { name: /Comments/ }).textContent()).resolves.toBe(
      'Comments1',
    );
    await context.close();
  });

  it('given a 251-character comment, then the counter shows it and it cannot be sent', async () => {
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, OFFICER);
    await openTask(page, officerTaskId);
    const before = await commentTexts(page);

    await page.getByTestId('task-comment-open').click();
    const box = page.getByLabel('Add a comment');
    await box.fill('b'.repeat(251));
    await expect(page.getByTestId('task-comment-counter').textContent()).resolves.toBe('251/250');
    await page.getByText('A comment can have at most 250 characters.').waitFor();
    await expect(page.getByTestId('task-comment-add').isDisabled()).resolves.toBe(true);
    // Clicking the disabled button sends nothing.
    await page.getByTestId('task-comment-add').click({ force: true });
    await page.waitForTimeout(300);
    await expect(commentTexts(page)).resolves.toEqual(before);

    // One character less and it may go.
    await box.press('Backspace');
    await expect(page.getByTestId('task-comment-counter').textContent()).resolves.toBe('250/250');
    await expect(page.getByTestId('task-comment-add').isEnabled()).resolves.toBe(true);
    await context.close();
  });

  it('given a team task, when the supervisor reassigns it with a comment, then its Reassignments tab shows the comment', async () => {
    const { context, page } = await openPage(e2e.browser);
    await signIn(page, e2e.server.url, SUPERVISOR);

    // When the supervisor reassigns the team task to Lucas with a comment.
    await page.locator('[data-tab="team"]').click();
    await page.getByRole('searchbox', { name: 'Search tasks by name' }).fill('Handover Silva');
    await page.locator(`[data-action="reassign"][data-task-id="${teamTaskId}"]`).click();
    await page.locator('[data-user-id="lmartin"]').click();
    await page.locator('#reassign-comment').fill('Lucas knows the Silva family.');
    await page.locator('[data-testid="reassign-continue"]').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reassign' }).click();
    await page.locator('[data-testid="reassign-success"]').waitFor();

    // Then the task page, read-only for her, opens on Reassignments with the comment.
    await openTask(page, teamTaskId);
    await page.getByRole('tab', { name: /Reassignments/ }).click();
    await expect(
      page.getByRole('tab', { name: /Reassignments/ }).getAttribute('aria-selected'),
    ).resolves.toBe('true');
    await expect(commentTexts(page)).resolves.toEqual(['Lucas knows the Silva family.']);
    await page.getByText('Reassigned to Lucas Martin').waitFor();
    await expect(page.getByTestId('task-comment-open').count()).resolves.toBe(0);

    // And the Comments tab has none, with no editor for her.
    await page.getByRole('tab', { name: /Comments/ }).click();
    await page.getByTestId('task-comments-empty').waitFor();
    await page.getByTestId('task-comments-readonly').waitFor();
    await context.close();
  });
});
