import { describe } from 'vitest';
import { itKeepsChoicesFromExpression } from '../../src/core/forms/compiler/testing/plainCases';

describe('a Flowable drop-down list', () => itKeepsChoicesFromExpression('dropdown', 'dropdown'));
