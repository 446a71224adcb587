import {
  choicesFromExpression,
  singleChoiceRules,
} from '../../src/core/forms/fields/singleChoiceRules';

/** One choice among radio buttons (Flowable `radio-buttons`, designer `radio`). */
export default singleChoiceRules('radio', ['radio-buttons'], choicesFromExpression);
