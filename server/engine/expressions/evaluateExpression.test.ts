import { afterEach, describe, expect, it, vi } from 'vitest';
import { conditionHolds } from './compiledCondition';
import { evaluateCondition, evaluateExpression } from './evaluateExpression';
import type { JsonValue, Variables } from './expressionAst';
import { ExpressionEvaluationError } from './expressionEvaluationError';
import { ExpressionSyntaxError } from './expressionSyntaxError';
import { parseCondition, parseExpression } from './parseExpression';
import type { UserTaskNode } from '../processModel';
import { resolveUserTask } from '../runner/resolveUserTask';
import { parseTimerDate } from '../runner/timerSchedule';

const variables: Variables = {
  amount: 60000,
  amountText: '60000',
  status: 'NEW',
  padded: '  New ',
  blank: '',
  zero: 0,
  days: 2,
  halfDay: 1.5,
  approved: true,
  dueOn: '2026-01-15',
  tags: ['vip', 'new'],
  noTags: [],
  customer: { name: 'Ana' },
  noFields: {},
  nothing: null,
};
const now = new Date('2026-01-31T10:00:00.000Z');

const value = (source: string): JsonValue =>
  evaluateExpression(parseExpression(source), variables, { now });
const holds = (source: string): boolean =>
  evaluateCondition(parseCondition(source), variables, { now });

function refusal(source: string): string {
  try {
    parseCondition(source);
  } catch (error) {
    if (error instanceof ExpressionSyntaxError) return error.message;
    throw error;
  }
  throw new Error(`expected '${source}' to be refused`);
}

function evaluationFailure(source: string): string {
  try {
    value(source);
  } catch (error) {
    if (error instanceof ExpressionEvaluationError) return error.message;
    throw error;
  }
  throw new Error(`expected '${source}' to fail while evaluating`);
}

describe('JUEL arithmetic', () => {
  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['10 - 4 - 3', 3],
    ['7 div 2', 3.5],
    ['7 / 2', 3.5],
    ['7 mod 4', 3],
    ['7 % 4', 3],
    ['-(2 + 3) * 2', -10],
    ['- amount + 1', -59999],
    ['amountText + 1', 60001],
    ['"5" + 3', 8],
    ['nothing + 1', 1],
    ['blank * 3', 0],
    ['1e3 + 2.5E-1', 1000.25],
    ['amount * 2 > 100000', true],
  ])('given the variables, when %s is evaluated, then it is %s', (source, expected) => {
    expect(value(source)).toBe(expected);
  });

  it('given a division or remainder by zero, when evaluated, then a clear error stops it instead of Infinity', () => {
    expect(evaluationFailure('amount / zero')).toBe(
      "expression could not be evaluated: division by zero ('zero' is 0)",
    );
    expect(evaluationFailure('amount mod 0')).toContain('division by zero');
    expect(evaluationFailure('amount / nothing')).toContain('division by zero');
  });

  it('given a text that is not a number, when used in arithmetic, then evaluation fails naming it (JUEL does not join texts)', () => {
    expect(evaluationFailure('status + 1')).toBe(
      "expression could not be evaluated: 'status' is 'NEW', not a number",
    );
    expect(evaluationFailure('approved * 2')).toContain("'approved' is a boolean");
    expect(evaluationFailure('-tags')).toContain("'tags' is a list");
  });

  it.each([
    ['${status + "x"}', "'+' works on numbers; texts are not joined"],
    ['${"a" + "b"}', "'+' works on numbers; texts are not joined"],
    ['${true * 2}', "'*' cannot take true or false"],
    ['${-"x"}', "'-' works on numbers; texts are not joined"],
  ])('given %s, when deployed, then it is refused (%s)', (source, message) => {
    expect(refusal(source)).toBe(message);
  });
});

describe('JUEL empty, not and the conditional operator', () => {
  it.each([
    ['${empty nothing}', true],
    ['${empty missing}', true],
    ['${empty blank}', true],
    ['${empty noTags}', true],
    ['${empty noFields}', true],
    ['${empty status}', false],
    ['${empty zero}', false],
    ['${not empty status}', true],
    ['${!empty status}', true],
    ['${!empty nothing}', false],
    ['${!empty tags && amount > 1}', true],
    ['${empty customer.name or approved}', true],
    ['${!approved == false}', true],
    ['${amount > 50000 ? true : false}', true],
    ['#{amount > 50000}', true],
  ])('given the variables, when %s is evaluated, then it is %s', (source, expected) => {
    expect(holds(source)).toBe(expected);
  });

  it('given conditional operators, when evaluated, then they choose a branch and nest to the right', () => {
    expect(value('amount > 50000 ? "large" : "small"')).toBe('large');
    expect(value('amount > 90000 ? "large" : amount > 10000 ? "medium" : "small"')).toBe('medium');
    expect(value('(approved ? 2 : 1) * 10')).toBe(20);
    // `var` is an ordinary name unless a function call follows the colon.
    expect(value('approved ? var : status')).toBeNull();
  });
});

describe('Java string methods', () => {
  it.each([
    ['${status.equals("NEW")}', true],
    ['${status.equals("new")}', false],
    ['${"NEW".equals(status)}', true],
    ['${amount.equals("60000")}', false],
    ['${amount.equals(60000)}', true],
    ["${status.equalsIgnoreCase('new')}", true],
    ['${status.contains("E")}', true],
    ['${status.startsWith("N") && status.endsWith("W")}', true],
    ['${tags.contains("vip")}', true],
    ['${tags.size() == 2}', true],
    ['${status.length() == 3}', true],
    ['${padded.trim().toLowerCase().equals("new")}', true],
    ['${padded.toUpperCase().contains("NEW")}', true],
    ['${blank.isEmpty()}', true],
    ['${noTags.isEmpty()}', true],
    ['${!status.equals("APPROVED")}', true],
  ])('given the variables, when %s is evaluated, then it is %s', (source, expected) => {
    expect(holds(source)).toBe(expected);
  });

  it('given a method called on null or on the wrong kind of value, when evaluated, then it fails naming the variable', () => {
    expect(evaluationFailure('nothing.equals("x")')).toBe(
      "expression could not be evaluated: cannot call 'equals' on 'nothing': it is null",
    );
    expect(evaluationFailure('amount.startsWith("6")')).toContain('it is a number');
  });

  it.each([
    ['${status.substring(1)}', "method 'substring' is not supported"],
    ['${status.equals()}', "'equals' takes 1 argument, not 0"],
    ['${status.trim(1)}', "'trim' takes 0 arguments, not 1"],
    ['${status.trim().length}', "'length' can only be read from a variable"],
    ['${status.getClass()}', "method 'getClass' is not supported"],
    ['${status.plusDays(1)}', "'plusDays' works only on now() or dateTime()"],
    ['${a.b(}', 'unexpected end of expression'],
    ['${a.equals(1 2)}', "expected ',' or ')'"],
  ])('given %s, when deployed, then it is refused (%s)', (source, message) => {
    expect(refusal(source)).toContain(message);
  });
});

describe("Flowable's variables: functions", () => {
  it.each([
    ['${variables:get(amount) > 50000}', true],
    ["${vars:get('status') == 'NEW'}", true],
    ['${var:getOrDefault(missing, 5) == 5}', true],
    ['${var:getOrDefault(amount, 5) == 60000}', true],
    ["${variables:equals(status, 'NEW')}", true],
    ['${variables:eq(amountText, 60000)}', true],
    ["${variables:notEquals(status, 'OLD')}", true],
    ['${variables:ne(status, "NEW")}', false],
    ["${variables:contains(tags, 'vip', 'new')}", true],
    ["${variables:contains(tags, 'vip', 'gold')}", false],
    ["${variables:containsAny(tags, 'gold', 'vip')}", true],
    ["${variables:contains(status, 'NE')}", true],
    ['${variables:contains(missing, "x")}', false],
    ['${variables:exists(nothing)}', true],
    ['${variables:exists(missing)}', false],
    ['${variables:isEmpty(nothing) && var:isNotEmpty(status)}', true],
    ['${variables:empty(noTags)}', true],
    ['${var:notEmpty(blank)}', false],
    ['${var:gt(amount, 50000) && var:gte(amount, 60000)}', true],
    ['${variables:lowerThan(amount, 50000) || vars:lte(amount, 59999)}', false],
    ['${var:lt(missing, 1)}', false],
    ['${variables:get(status).equals("NEW")}', true],
  ])('given the variables, when %s is evaluated, then it is %s', (source, expected) => {
    expect(holds(source)).toBe(expected);
  });

  it.each([
    ['${variables:foo(a)}', "function 'variables:foo' is not supported"],
    ['${execution:get(a)}', "function 'execution:get' is not supported"],
    ['${variables:get(a.b)}', "'variables:get' takes a variable name first, not an expression"],
    ['${variables:get()}', "'variables:get' takes a variable name first"],
    ['${variables:get(1)}', "'variables:get' takes a variable name first"],
    ['${variables:getOrDefault(a)}', "'variables:getOrDefault' takes 2 arguments, not 1"],
    ['${variables:contains(a)}', "'variables:contains' takes at least 2 arguments, not 1"],
    ['${variables:get(__proto__)}', "'__proto__' is not a variable name"],
    ["${variables:get('a b')}", "'a b' is not a variable name"],
  ])('given %s, when deployed, then it is refused (%s)', (source, message) => {
    expect(refusal(source)).toContain(message);
  });
});

describe('date helpers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['now()', '2026-01-31T10:00:00.000Z'],
    ['dateTime().toDate()', '2026-01-31T10:00:00.000Z'],
    ['dateTime().plusDays(3).toDate()', '2026-02-03T10:00:00.000Z'],
    ['dateTime().minusDays(31)', '2025-12-31T10:00:00.000Z'],
    ['dateTime().plusHours(2).plusMinutes(30)', '2026-01-31T12:30:00.000Z'],
    ['dateTime().plusWeeks(1).minusSeconds(1)', '2026-02-07T09:59:59.000Z'],
    ['dateTime().plusMonths(1)', '2026-02-28T10:00:00.000Z'],
    ['dateTime().plusYears(1).minusMonths(12)', '2026-01-31T10:00:00.000Z'],
    ['dateTime().plusDays(days * 2)', '2026-02-04T10:00:00.000Z'],
  ])('given a fixed clock, when %s is evaluated, then it is %s', (source, expected) => {
    expect(value(source)).toBe(expected);
  });

  it('given a timer date written as dateTime().plusHours(4), when read as a timer, then it is that instant', () => {
    const text = value('dateTime().plusHours(4).toDate()') as string;
    expect(parseTimerDate(text)?.toISOString()).toBe('2026-01-31T14:00:00.000Z');
  });

  it('given dates, when compared, then ISO texts order as instants', () => {
    expect(holds('${dueOn < now()}')).toBe(true);
    expect(holds('${dateTime().minusDays(10).toDate() > dueOn}')).toBe(true);
  });

  it('given a fractional step, when a date moves by it, then evaluation fails instead of rounding', () => {
    expect(evaluationFailure('dateTime().plusDays(halfDay)')).toContain('whole units');
  });

  it.each([
    ['${now() + 1}', "'+' cannot take a date; use .plusDays(n) and the like"],
    [
      '${now().equals(x)}',
      "'equals' cannot be called on a date; use plus.../minus... and toDate()",
    ],
    ['${dateTime().plusDays()}', "'plusDays' takes 1 argument, not 0"],
    ['${dateTime().plusDays("x")}', "'plusDays' works on numbers; texts are not joined"],
    ['${now(1)}', "'now()' takes 0 arguments, not 1"],
    ['${status.contains(now())}', "'contains' cannot take a date"],
  ])('given %s, when deployed, then it is refused (%s)', (source, message) => {
    expect(refusal(source)).toBe(message);
  });

  it('given a user task due at dateTime().plusDays(2).toDate(), when resolved, then the due date is two days from now', () => {
    vi.useFakeTimers({ now, toFake: ['Date'] });
    const node: UserTaskNode = {
      kind: 'userTask',
      id: 'review',
      name: null,
      incoming: [],
      outgoing: [],
      formKey: null,
      assignee: null,
      candidateUsers: [],
      candidateGroups: [],
      dueDate: '${dateTime().plusDays(2).toDate()}',
      dueDateFrom: 'taskCreated',
      priority: '50',
      initiatorCanCompleteTask: false,
    };
    const resolved = resolveUserTask(node, variables, {
      instanceStartedAt: now,
      taskCreatedAt: now,
    });
    expect(resolved.dueDate?.toISOString()).toBe('2026-02-02T10:00:00.000Z');
  });
});

describe('bounds', () => {
  it.each([
    ['parentheses', `${'('.repeat(100)}1${')'.repeat(100)}`],
    ['unary minus', `${'-'.repeat(100)}1`],
    ['empty', `${'empty '.repeat(100)}a`],
    ['conditional operators', `${'a ? b : '.repeat(100)}c`],
    ['method arguments', `${'a.equals('.repeat(100)}1${')'.repeat(100)}`],
    ['function arguments', `${'var:get(a, '.repeat(100)}1${')'.repeat(100)}`],
  ])(
    'given deeply nested %s, when parsed, then it is refused, not a stack overflow',
    (_, source) => {
      expect(() => parseExpression(source)).toThrow('expression is nested too deeply');
    },
  );

  it('given an expression longer than the limit, when parsed, then it is refused', () => {
    expect(() => parseExpression(`a${' + a'.repeat(600)}`)).toThrow('longer than 2000');
  });

  it('given a long flat sum within the limit, when evaluated, then every term counts', () => {
    expect(value(`1${' + 1'.repeat(300)}`)).toBe(301);
  });
});

describe('conditionHolds', () => {
  it('given a deployed condition, when it holds or not, then the answer is a Boolean', () => {
    expect(conditionHolds('${variables:get(amount) > 50000}', variables)).toBe(true);
    expect(conditionHolds('${empty status}', variables)).toBe(false);
  });

  it('given a condition that cannot be computed, when evaluated, then the error quotes the condition', () => {
    expect(() => conditionHolds(' ${amount / zero > 1} ', variables)).toThrow(
      new ExpressionEvaluationError(
        "division by zero ('zero' is 0)",
        "condition '${amount / zero > 1}'",
      ),
    );
    expect(() => conditionHolds('${amount / zero > 1}', variables)).toThrow(
      "condition '${amount / zero > 1}' could not be evaluated: division by zero ('zero' is 0)",
    );
  });
});
