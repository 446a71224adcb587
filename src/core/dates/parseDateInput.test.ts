import { describe, expect, it } from 'vitest';
import { DateInputError, DatePattern, isoDateToDisplay, parseDateInput } from './parseDateInput';

const errorOf = (text: string, options?: Parameters<typeof parseDateInput>[1]) => {
  const result = parseDateInput(text, options);
  return result.ok ? null : result.error;
};

const dateOf = (text: string, options?: Parameters<typeof parseDateInput>[1]) => {
  const result = parseDateInput(text, options);
  if (!result.ok) throw new Error(`expected ${text} to parse, got ${result.error}`);
  return result.date;
};

describe('parseDateInput: the due-date filter (full dates, strict)', () => {
  it('reads dd/mm/yyyy and answers the API and UI forms', () => {
    expect(dateOf('25/12/2026')).toMatchObject({
      pattern: DatePattern.date,
      day: 25,
      month: 12,
      year: 2026,
      api: '2026-12-25',
      display: '25/12/2026',
    });
  });

  it('accepts - as well as / between the parts, and yyyy-mm-dd', () => {
    expect(dateOf('25-12-2026').api).toBe('2026-12-25');
    expect(dateOf('2026-12-25').api).toBe('2026-12-25');
    expect(dateOf('2026/12/25').display).toBe('25/12/2026');
  });

  it('zero-pads the parts to 2, 2 and 4 digits', () => {
    expect(dateOf('1/2/2026')).toMatchObject({ api: '2026-02-01', display: '01/02/2026' });
    expect(dateOf('05/06/26')).toMatchObject({ api: '0026-06-05', display: '05/06/0026' });
  });

  it('gives invalidDateFormat without three non-zero numeric parts', () => {
    for (const text of ['', '  ', '12/05', '12/05/', 'aa/bb/cccc', '00/05/2026', '12/00/2026']) {
      expect(errorOf(text), text).toBe(DateInputError.invalidDateFormat);
    }
    expect(errorOf('12/05/0000')).toBe(DateInputError.invalidDateFormat);
    expect(errorOf('12/05/2026/1')).toBe(DateInputError.invalidDateFormat);
    expect(errorOf('123/05/2026')).toBe(DateInputError.invalidDateFormat);
    expect(errorOf('12/345/2026')).toBe(DateInputError.invalidDateFormat);
    expect(errorOf('2026')).toBe(DateInputError.invalidDateFormat);
  });

  it('gives invalidMonth for a month outside 1-12', () => {
    expect(errorOf('12/13/2026')).toBe(DateInputError.invalidMonth);
    expect(errorOf('2026-99-01')).toBe(DateInputError.invalidMonth);
  });

  it('gives invalidYear above 2100', () => {
    expect(errorOf('01/01/2101')).toBe(DateInputError.invalidYear);
    expect(errorOf('01/01/9999')).toBe(DateInputError.invalidYear);
    expect(dateOf('31/12/2100').api).toBe('2100-12-31');
  });

  it('gives invalidDate for a day the month does not have', () => {
    expect(errorOf('31/04/2026')).toBe(DateInputError.invalidDate);
    expect(errorOf('30/02/2024')).toBe(DateInputError.invalidDate);
    expect(errorOf('29/02/2026')).toBe(DateInputError.invalidDate);
    expect(errorOf('32/01/2026')).toBe(DateInputError.invalidDate);
    expect(dateOf('29/02/2024').api).toBe('2024-02-29');
    expect(errorOf('29/02/1900')).toBe(DateInputError.invalidDate);
    expect(dateOf('29/02/2000').api).toBe('2000-02-29');
  });

  it('checks the month before the year and the year before the day', () => {
    expect(errorOf('45/13/3000')).toBe(DateInputError.invalidMonth);
    expect(errorOf('45/12/3000')).toBe(DateInputError.invalidYear);
  });

  it('checks only the shape when not strict', () => {
    expect(dateOf('31/13/3000', { strict: false }).api).toBe('3000-13-31');
  });
});

describe('parseDateInput: the other accepted patterns', () => {
  const loose = { fullDateOnly: false };

  it('reads yyyy-mm and mm-yyyy as a year and month', () => {
    expect(dateOf('2026-3', loose)).toMatchObject({
      pattern: DatePattern.yearMonth,
      api: '2026-03',
      display: '03/2026',
    });
    expect(dateOf('03/2026', loose).api).toBe('2026-03');
    expect(errorOf('13/2026', loose)).toBe(DateInputError.invalidMonth);
  });

  it('reads yyyy as a year', () => {
    expect(dateOf('2026', loose)).toMatchObject({ pattern: DatePattern.year, api: '2026' });
    expect(errorOf('2200', loose)).toBe(DateInputError.invalidYear);
    expect(errorOf('26', loose)).toBe(DateInputError.invalidDateFormat);
  });

  it('reads dd-mm as a day and month, allowing 29 February', () => {
    expect(dateOf('5-3', loose)).toMatchObject({
      pattern: DatePattern.dayMonth,
      api: '03-05',
      display: '05/03',
    });
    expect(dateOf('29/02', loose).api).toBe('02-29');
    expect(errorOf('30/02', loose)).toBe(DateInputError.invalidDate);
  });
});

describe('isoDateToDisplay', () => {
  it('turns the API form into the UI form', () => {
    expect(isoDateToDisplay('2026-12-25')).toBe('25/12/2026');
    expect(isoDateToDisplay('2026-12-25T10:00:00Z')).toBe('25/12/2026');
    expect(isoDateToDisplay('nonsense')).toBe('');
  });
});
