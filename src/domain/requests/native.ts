import { z } from 'zod';
import { devicesField, integerField, regionsField, stringField } from './parse.js';

/** POST /v2/stats/top body, as sent (rules applied by the normalisers). */
export const topRequestSchema = z.object({
  phrase: stringField('phrase'),
  numPhrases: integerField('numPhrases').optional(),
  regions: regionsField.optional(),
  devices: devicesField.optional(),
});

/** POST /v2/stats/dynamics body. */
export const dynamicsRequestSchema = z.object({
  phrase: stringField('phrase'),
  period: stringField('period').optional(),
  fromDate: stringField('fromDate').optional(),
  toDate: stringField('toDate').optional(),
  regions: regionsField.optional(),
  devices: devicesField.optional(),
});

/** POST /v2/stats/regions body. */
export const regionsRequestSchema = z.object({
  phrase: stringField('phrase'),
  region: stringField('region').optional(),
  devices: devicesField.optional(),
});
