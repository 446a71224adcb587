import { singleChoiceRules } from '../../src/core/forms/fields/singleChoiceRules';
import { typeaheadFromPlain } from './plain';

/**
 * One choice found by typing part of its label (APS and Flowable `typeahead`). Its
 * choices are the ones written in the form; a REST source stays in `config` (see
 * `restSource.ts`).
 */
export default singleChoiceRules('typeahead', ['typeahead'], typeaheadFromPlain);
