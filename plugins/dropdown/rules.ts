import { singleChoiceRules } from '../../src/core/forms/fields/singleChoiceRules';
import { dropdownFromPlain } from './plain';

/** One choice from a drop-down list (Flowable `dropdown`, designer `dropdown`). */
export default singleChoiceRules('dropdown', ['dropdown'], dropdownFromPlain);
