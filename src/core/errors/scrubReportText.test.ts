import { describe, expect, it } from 'vitest';
import { cutText, scrubReportDetails, scrubReportText, scrubRoute } from './scrubReportText';

describe('scrubReportText', () => {
  it.each([
    ['an email', 'No account for ana.souza@acme.example', 'No account for [email]'],
    [
      "a reset link's code",
      'GET http://acme.localhost/accounts/password/reset?oobCode=abc&tenant=acme failed',
      'GET http://acme.localhost/accounts/password/reset failed',
    ],
    ['a password pair', 'login password=Hunter2!x failed', 'login password=[redacted] failed'],
    ['a bearer token', 'sent with Bearer eyJhbGciOi.x.y', 'sent with Bearer [redacted]'],
    [
      'a session token',
      'cookie value Xq3vR8nLm2Kp9sT4wY7zA1bC5dE6fG0hJ2kL3mN4pQ5',
      'cookie value [token]',
    ],
    [
      'quoted data',
      'Unexpected token, "Ortega 4500 EUR" is not valid JSON',
      'Unexpected token, "[redacted]" is not valid JSON',
    ],
    ['an account number', 'Account 0049123456 not found', 'Account [number] not found'],
  ])('given %s, then it is removed', (_, text, expected) => {
    expect(scrubReportText(text, 1000)).toBe(expected);
  });

  it('given what errors usually say, then it is kept as it is', () => {
    const message = "Cannot read properties of undefined (reading 'length')";
    expect(scrubReportText(message, 1000)).toBe(message);
    const frame = '    at TaskPage (http://localhost:8080/assets/TaskPage-Bx8K2aQd.js:1:2345)';
    expect(scrubReportText(frame, 1000)).toBe(frame);
    expect(scrubReportText('tessera@0.1.0', 100)).toBe('tessera@0.1.0');
    const taskPath = '/process/task/0b6f6c1e-8a4f-4c9e-9d0a-3f1f2a7b9c11';
    expect(scrubRoute(taskPath, 500)).toBe(taskPath);
  });

  it('given a text over the limit, then it is cut without leaving half a surrogate pair', () => {
    expect(cutText('ab\u{1F600}', 3)).toBe('ab');
    expect(scrubReportText('x'.repeat(50), 10)).toBe('x'.repeat(10));
  });

  it('given a task route whose UUID holds a run of digits, then the UUID is kept whole and a long number beside it is not', () => {
    const route = '/process/task/3630ff83-e7c1-488f-899c-4593211de1a4';
    expect(scrubRoute(route, 500)).toBe(route);
    expect(scrubReportText(`task ${route.slice(14)} account 12345678`, 500)).toBe(
      'task 3630ff83-e7c1-488f-899c-4593211de1a4 account [number]',
    );
  });

  it('given a route with query and fragment, then only the path is kept', () => {
    expect(scrubRoute('/accounts/password/reset?oobCode=abc#x', 500)).toBe(
      '/accounts/password/reset',
    );
    expect(scrubRoute('', 500)).toBe('/');
  });

  it('given details, then private-sounding names and non-scalars are dropped', () => {
    expect(
      scrubReportDetails(
        { key: 'loans', count: 3, password: 'x', formValue: 'y', nested: { a: 1 }, ok: true },
        { count: 20, key: 64, text: 200 },
      ),
    ).toEqual({ key: 'loans', count: 3, ok: true });
  });
});
