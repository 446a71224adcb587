import { describe, expect, it } from 'vitest';
import { pageHasOwnHeading, titleForPath } from './titleForPath';

const routes = [
  { path: '/', titleKey: 'shell.dashboard' },
  { path: '/objectdata/:key/:version', titleKey: 'shell.reports' },
];

describe('titleForPath', () => {
  it('titles / as the dashboard', () => {
    expect(titleForPath('/', routes)).toBe('shell.dashboard');
  });

  it('titles every path under /process/ as the dashboard, registered or not', () => {
    expect(titleForPath('/process/task/42', routes)).toBe('shell.dashboard');
    expect(titleForPath('/process/loan/onboarding/new', routes)).toBe('shell.dashboard');
  });

  it('takes the title of the matching route', () => {
    expect(titleForPath('/objectdata/loans/2', routes)).toBe('shell.reports');
  });

  it('answers null for a path no route claims', () => {
    expect(titleForPath('/nowhere', routes)).toBeNull();
    expect(titleForPath('/processes', routes)).toBeNull();
  });
});

describe('pageHasOwnHeading', () => {
  const headed = [
    { path: '/', titleKey: 'shell.dashboard' },
    { path: '/process/task/:taskId', titleKey: 'shell.dashboard', ownHeading: true },
  ];

  it("answers the route's own word, false when it says nothing", () => {
    expect(pageHasOwnHeading('/process/task/42', headed)).toBe(true);
    expect(pageHasOwnHeading('/', headed)).toBe(false);
  });

  it('answers true for a path no route claims: the not-found page has its own heading', () => {
    expect(pageHasOwnHeading('/nowhere', headed)).toBe(true);
  });
});
