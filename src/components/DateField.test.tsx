import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { readTypedDay } from '../core/dates/readTypedDay';
import { DateField } from './DateField';

/** Props of {@link Harness}. */
interface HarnessProps {
  /** The language of the calendar. */
  readonly locale?: string;
  /** The day held at first, `YYYY-MM-DD`. */
  readonly initial?: string;
  /** Told each day the field holds. */
  readonly onDay?: (day: string | undefined) => void;
}

// A caller as the app's are: it keeps the text, reads it as a day and marks it in the
// calendar, and takes the calendar's pick as the new text.
function Harness({ locale = 'en', initial, onDay }: HarnessProps) {
  const [text, setText] = useState(initial ? initial.split('-').reverse().join('/') : '');
  const day = readTypedDay(text);
  return (
    <div>
      <label htmlFor="due">Due</label>
      <DateField
        id="due"
        text={text}
        mask="99/99/9999"
        placeholder="DD/MM/YYYY"
        locale={locale}
        selected={day}
        onTextChange={(next) => {
          setText(next);
          onDay?.(readTypedDay(next));
        }}
        onPick={(picked) => {
          setText(picked.split('-').reverse().join('/'));
          onDay?.(picked);
        }}
      />
    </div>
  );
}

describe('DateField', () => {
  it('given digits typed, when they fill the mask, then the text reads DD/MM/YYYY and means that day', async () => {
    const onDay = vi.fn();
    render(<Harness onDay={onDay} />);
    const input = screen.getByLabelText('Due') as HTMLInputElement;
    await userEvent.type(input, '05032026');
    expect(input.value).toBe('05/03/2026');
    expect(onDay).toHaveBeenLastCalledWith('2026-03-05');
    expect(input.type).toBe('text');
    expect(input.getAttribute('inputmode')).toBe('numeric');
  });

  it('given an ISO day pasted, when it lands, then it is turned round to DD/MM/YYYY', async () => {
    const onDay = vi.fn();
    render(<Harness onDay={onDay} />);
    const input = screen.getByLabelText('Due');
    await userEvent.click(input);
    await userEvent.paste('2026-03-05');
    expect((input as HTMLInputElement).value).toBe('05/03/2026');
    expect(onDay).toHaveBeenLastCalledWith('2026-03-05');
  });

  it('given the keyboard only, when Alt+ArrowDown opens the calendar and the arrows and Enter pick a day, then the day is set and the focus is back on the input', async () => {
    const onDay = vi.fn();
    render(<Harness initial="2026-03-05" onDay={onDay} />);
    const input = screen.getByLabelText('Due');
    input.focus();
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    const dialog = await screen.findByRole('dialog', { name: 'Calendar' });
    const grid = await within(dialog).findByRole('grid');
    expect(grid).toBeTruthy();
    // The marked day has the focus; the next day is one ArrowRight away.
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('5'));
    await userEvent.keyboard('{ArrowRight}{ArrowDown}{Enter}');
    expect(onDay).toHaveBeenLastCalledWith('2026-03-13');
    await vi.waitFor(() => expect(document.activeElement).toBe(input));
    expect((input as HTMLInputElement).value).toBe('13/03/2026');
  });

  it('given the calendar open from its button, when Escape is pressed, then it closes and the focus is on the input', async () => {
    render(<Harness initial="2026-03-05" />);
    const button = screen.getByRole('button', { name: 'Choose the date from a calendar' });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    await userEvent.click(button);
    await screen.findByRole('grid');
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('5'));
    await userEvent.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('grid')).toBeNull());
    expect(document.activeElement).toBe(screen.getByLabelText('Due'));
  });

  it.each([
    ['fr', 'Calendrier', 'Choisir la date dans un calendrier', /mars/, /lundi/],
    ['es', 'Calendario', 'Elegir la fecha en un calendario', /marzo/, /lunes/],
  ])(
    'given %s, when the calendar opens, then its month and day names are in that language',
    async (locale, calendar, openLabel, month, monday) => {
      render(<Harness locale={locale} initial="2026-03-05" />);
      await userEvent.click(screen.getByRole('button', { name: openLabel }));
      const dialog = await screen.findByRole('dialog', { name: calendar });
      const grid = await within(dialog).findByRole('grid');
      expect(grid.getAttribute('aria-label')).toMatch(month);
      // Weeks start on Monday, named in full for screen readers.
      const firstHeader = grid.querySelector('th');
      expect(firstHeader?.getAttribute('aria-label')).toMatch(monday);
    },
  );
});
