import { describe } from 'vitest';
import { itWarnsRestrictionNotApplied } from '../../src/core/forms/compiler/testing/plainCases';

describe('a functional-group picker', () => itWarnsRestrictionNotApplied('functional-group'));
