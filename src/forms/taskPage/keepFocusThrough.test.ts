// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { keepFocusThrough } from './keepFocusThrough';

// Spec 001 sections 3 and 4: a save inside a combined task stays on the page, so the keyboard
// user's focus must stay there too, on the button that saved, not fall to the page body.

afterEach(() => {
  document.body.replaceChildren();
});

/** A focused button that, like Blueprint's loading button, is disabled while its action runs. */
function focusedButton(): HTMLButtonElement {
  const button = document.createElement('button');
  button.textContent = 'Save';
  document.body.append(button);
  button.focus();
  return button;
}

/** Lets the mutation observers run. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('keepFocusThrough', () => {
  it('given a button disabled while its save runs, which drops its focus, when it is enabled again, then it has the focus back', async () => {
    const button = focusedButton();
    await keepFocusThrough(() => {
      button.blur();
      button.disabled = true;
      return Promise.resolve();
    });
    expect(document.activeElement).toBe(document.body);
    button.disabled = false;
    await settled();
    expect(document.activeElement).toBe(button);
  });

  it('given a failing save, when the button is enabled again, then the focus is given back as well and the failure still reaches the caller', async () => {
    const button = focusedButton();
    await expect(
      keepFocusThrough(() => {
        button.disabled = true;
        button.blur();
        return Promise.reject(new Error('refused'));
      }),
    ).rejects.toThrow('refused');
    button.disabled = false;
    await settled();
    expect(document.activeElement).toBe(button);
  });

  it('given the focus moved elsewhere by the action (an error field), then it is left there', async () => {
    const button = focusedButton();
    const field = document.createElement('input');
    document.body.append(field);
    await keepFocusThrough(() => {
      button.disabled = true;
      field.focus();
      return Promise.resolve();
    });
    button.disabled = false;
    await settled();
    expect(document.activeElement).toBe(field);
  });

  it('given the button gone after the action (the page moved on), then nothing is focused', async () => {
    const button = focusedButton();
    await keepFocusThrough(() => {
      button.remove();
      return Promise.resolve();
    });
    await settled();
    expect(document.activeElement).toBe(document.body);
  });
});
