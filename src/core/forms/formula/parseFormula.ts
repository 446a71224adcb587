import jsep from 'jsep';
import {
  FORMULA_BINARY_OPERATORS,
  FORMULA_FUNCTION_NAMES,
  FORMULA_UNARY_OPERATORS,
  type FormulaBinaryOperator,
  type FormulaFunctionName,
  type FormulaNode,
  type FormulaUnaryOperator,
} from './formulaAst';
import { FORMULA_FUNCTION_ARITY } from './formulaFunctionArity';

/** A problem found while parsing a formula; any issue makes the formula evaluate to an error. */
export interface FormulaIssue {
  /** Stable code: the compiler reports it as a warning of the same code. */
  readonly code:
    | 'formula.syntax'
    | 'formula.forbiddenSyntax'
    | 'formula.unknownFunction'
    | 'formula.argumentCount';
  /** Details: the offending node, function name, operator or position. */
  readonly params: Readonly<Record<string, string | number>>;
}

/** The outcome of parsing: a tree when the formula is usable, and every issue found. */
export interface ParsedFormula {
  /** The source, kept for the formula view of the field. */
  readonly source: string;
  /** The tree, or `null` when an issue makes the formula unusable. */
  readonly ast: FormulaNode | null;
  /** Field ids the formula reads, in first-use order, without repeats. */
  readonly references: readonly string[];
  /** Everything wrong with the formula. */
  readonly issues: readonly FormulaIssue[];
}

/** Longer formulas are refused: nobody writes them by hand and they only cost time. */
export const MAX_FORMULA_LENGTH = 4000;

const BINARY: ReadonlySet<string> = new Set(FORMULA_BINARY_OPERATORS);
const UNARY: ReadonlySet<string> = new Set(FORMULA_UNARY_OPERATORS);
const FUNCTIONS: ReadonlySet<string> = new Set(FORMULA_FUNCTION_NAMES);

/**
 * Parses a formula into its closed syntax tree. The expression grammar comes from jsep;
 * this function then walks jsep's tree and keeps only the allowed node kinds, so member
 * access, `this`, arrays, sequences and calls to anything but the allow-listed functions
 * become issues instead of code paths. It never throws.
 */
export function parseFormula(source: string): ParsedFormula {
  // 1. Refuse oversized input before handing it to the recursive-descent parser.
  if (source.length > MAX_FORMULA_LENGTH) {
    return failed(source, {
      code: 'formula.syntax',
      params: { reason: 'tooLong', max: MAX_FORMULA_LENGTH },
    });
  }
  // 2. Parse the grammar; jsep throws on syntax errors with the failing index.
  let tree: jsep.Expression;
  try {
    tree = jsep(source);
  } catch (error) {
    const index = (error as { index?: unknown }).index;
    const description = (error as { description?: unknown }).description;
    return failed(source, {
      code: 'formula.syntax',
      params: {
        ...(typeof index === 'number' ? { index } : {}),
        ...(typeof description === 'string' ? { description } : {}),
      },
    });
  }
  // 3. An empty formula parses to an empty compound; it has no value to compute.
  if (tree.type === 'Compound' && (tree as jsep.Compound).body.length === 0) {
    return failed(source, { code: 'formula.syntax', params: { reason: 'empty' } });
  }
  // 4. Convert to the closed tree, collecting references and every issue on the way.
  const issues: FormulaIssue[] = [];
  const references = new Set<string>();
  const ast = convert(tree, issues, references);
  return {
    source,
    ast: issues.length === 0 ? ast : null,
    references: [...references],
    issues,
  };
}

function failed(source: string, issue: FormulaIssue): ParsedFormula {
  return { source, ast: null, references: [], issues: [issue] };
}

function forbidden(node: string, issues: FormulaIssue[], extra: Record<string, string> = {}) {
  issues.push({ code: 'formula.forbiddenSyntax', params: { node, ...extra } });
  return { kind: 'literal', value: null } as const;
}

function convert(node: jsep.Expression, issues: FormulaIssue[], refs: Set<string>): FormulaNode {
  switch (node.type) {
    case 'Literal': {
      const { value } = node as jsep.Literal;
      if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') {
        return { kind: 'literal', value };
      }
      if (value === null) return { kind: 'literal', value: null };
      return forbidden('Literal', issues);
    }
    case 'Identifier': {
      const { name } = node as jsep.Identifier;
      refs.add(name);
      return { kind: 'reference', id: name };
    }
    case 'UnaryExpression': {
      const unary = node as jsep.UnaryExpression;
      const argument = convert(unary.argument, issues, refs);
      if (!UNARY.has(unary.operator)) {
        return forbidden('UnaryExpression', issues, { operator: unary.operator });
      }
      return { kind: 'unary', operator: unary.operator as FormulaUnaryOperator, argument };
    }
    case 'BinaryExpression':
    case 'LogicalExpression': {
      const binary = node as jsep.BinaryExpression;
      const left = convert(binary.left, issues, refs);
      const right = convert(binary.right, issues, refs);
      if (!BINARY.has(binary.operator)) {
        return forbidden('BinaryExpression', issues, { operator: binary.operator });
      }
      return {
        kind: 'binary',
        operator: binary.operator as FormulaBinaryOperator,
        left,
        right,
      };
    }
    case 'ConditionalExpression': {
      const conditional = node as jsep.ConditionalExpression;
      return {
        kind: 'conditional',
        test: convert(conditional.test, issues, refs),
        consequent: convert(conditional.consequent, issues, refs),
        alternate: convert(conditional.alternate, issues, refs),
      };
    }
    case 'CallExpression':
      return convertCall(node as jsep.CallExpression, issues, refs);
    default:
      // MemberExpression, ThisExpression, ArrayExpression, Compound, SequenceExpression and
      // anything a jsep plugin may add: none of them has a meaning in a form formula.
      return forbidden(node.type, issues);
  }
}

function convertCall(
  call: jsep.CallExpression,
  issues: FormulaIssue[],
  refs: Set<string>,
): FormulaNode {
  // Only a bare function name may be called: `a.b()` or `f()()` would reach beyond the list.
  if (call.callee.type !== 'Identifier') return forbidden('CallExpression', issues);
  const written = (call.callee as jsep.Identifier).name;
  const name = written.toUpperCase();
  const args = call.arguments.map((argument) => convert(argument, issues, refs));
  if (!FUNCTIONS.has(name)) {
    issues.push({ code: 'formula.unknownFunction', params: { name: written } });
    return { kind: 'literal', value: null };
  }
  const [min, max] = FORMULA_FUNCTION_ARITY[name as FormulaFunctionName];
  if (args.length < min || args.length > max) {
    issues.push({
      code: 'formula.argumentCount',
      params: { name, min, ...(Number.isFinite(max) ? { max } : {}), given: args.length },
    });
  }
  return { kind: 'call', name: name as FormulaFunctionName, args };
}
