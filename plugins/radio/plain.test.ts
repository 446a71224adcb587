import { describe } from 'vitest';
import { itKeepsChoicesFromExpression } from '../../src/core/forms/compiler/testing/plainCases';

describe('Flowable radio buttons', () => itKeepsChoicesFromExpression('radio-buttons', 'radio'));
