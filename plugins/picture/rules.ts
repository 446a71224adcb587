import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import { ASPECTS, QUALITY_PRESETS } from './pictureConfig';
import { sanitizePicture, validatePicture, type PictureValue } from './validate';

/**
 * A picture taken with the camera or chosen from the gallery, edited and saved as a JPEG in
 * the task's file store (spec 001 sections 3 to 5); the field keeps the file's id. A
 * designer config may pick the quality preset and the crop's starting aspect.
 */
export default defineFieldRules<PictureValue, 'picture'>({
  type: 'picture',
  valueType: 'string',
  emptyValue: null,
  sanitize: sanitizePicture,
  validate: validatePicture,
  fileIds: (value) => (value === null ? [] : [value]),
  // Flowable has no picture type; a reviewer's plain form shows the photo with this name.
  plainAliases: ['picture'],
  designerConfig: {
    type: 'object',
    properties: {
      quality: { type: 'string', enum: Object.keys(QUALITY_PRESETS) },
      aspect: { type: 'string', enum: [...ASPECTS] },
    },
    additionalProperties: false,
  },
});
