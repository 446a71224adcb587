import { Menu, MenuItem } from '@blueprintjs/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { focusFirstItem, LIST_OPTIONS, MENU_ITEMS, moveFocusByArrowKey } from './arrowKeyFocus';

/** A menu of three choices, the middle one disabled, as the app's menus build them. */
function renderMenu() {
  render(
    <Menu aria-label="Documents" onKeyDown={(event) => moveFocusByArrowKey(event, MENU_ITEMS)}>
      <MenuItem text="Loan agreement" />
      <MenuItem text="Unavailable" disabled />
      <MenuItem text="Repayment schedule" />
    </Menu>,
  );
  return screen.getByRole('menu', { name: 'Documents' });
}

const focusedName = () => document.activeElement?.textContent;

describe('moveFocusByArrowKey', () => {
  it('given an open menu, when it opens and the arrow keys are pressed, then focus starts on the first choice, skips the disabled one and wraps round', () => {
    const menu = renderMenu();
    expect(focusFirstItem(menu, MENU_ITEMS)).toBe(true);
    expect(focusedName()).toBe('Loan agreement');

    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(focusedName()).toBe('Repayment schedule');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(focusedName()).toBe('Loan agreement');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    expect(focusedName()).toBe('Repayment schedule');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    expect(focusedName()).toBe('Loan agreement');
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(focusedName()).toBe('Repayment schedule');
  });

  it('given a list of people, when a letter or Tab is pressed, then focus is left to the browser', () => {
    render(
      <Menu
        role="listbox"
        aria-label="Assignee"
        onKeyDown={(e) => moveFocusByArrowKey(e, LIST_OPTIONS)}
      >
        <MenuItem role="option" text="Amara Okafor" />
        <MenuItem role="option" text="Javier Morales" />
      </Menu>,
    );
    const [first] = screen.getAllByRole('option');
    first?.focus();
    const tab = fireEvent.keyDown(first as Element, { key: 'Tab' });
    const letter = fireEvent.keyDown(first as Element, { key: 'j' });
    expect([tab, letter]).toEqual([true, true]);
    expect(focusedName()).toBe('Amara Okafor');
    fireEvent.keyDown(first as Element, { key: 'ArrowDown' });
    expect(focusedName()).toBe('Javier Morales');
  });
});
