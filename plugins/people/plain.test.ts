import { describe } from 'vitest';
import { itWarnsRestrictionNotApplied } from '../../src/core/forms/compiler/testing/plainCases';

describe('a people picker', () => itWarnsRestrictionNotApplied('people'));
