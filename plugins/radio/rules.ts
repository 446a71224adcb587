import { singleChoiceRules } from '../../src/core/forms/fields/singleChoiceRules';
import { radioFromPlain } from './plain';

/** One choice among radio buttons (Flowable `radio-buttons`, designer `radio`). */
export default singleChoiceRules('radio', ['radio-buttons'], radioFromPlain);
