import {
  choicesFromExpression,
  singleChoiceRules,
} from '../../src/core/forms/fields/singleChoiceRules';

/** One choice from a drop-down list (Flowable `dropdown`, designer `dropdown`). */
export default singleChoiceRules('dropdown', ['dropdown'], choicesFromExpression);
