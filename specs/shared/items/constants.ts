/**
 * The spec's fixed values, read from schemas/ (constants.schema.json and
 * error-code.schema.json) so the suite never keeps a second copy of them.
 */
import { getSchema } from '../../../schemas/index.js';

interface ConstantDefs {
  $defs: {
    currency: { const: string };
    maxWeightKg: { enum: number[] };
    conditionValueId: { enum: string[] };
    externalId: { maxLength: number };
    licensePlate: { maxLength: number };
    imageMaxBytes: { const: number };
  };
}

const defs = (getSchema('constants') as unknown as ConstantDefs).$defs;

/** "only EUR is supported". */
export const CURRENCY = defs.currency.const;
/** max_weight_kg: 1, 2, 5, 10, 20 or 30. */
export const MAX_WEIGHTS: readonly number[] = defs.maxWeightKg.enum;
/** The value ids of `condition`. */
export const CONDITION_VALUES: readonly string[] = defs.conditionValueId.enum;
/** external_id: 75 characters. */
export const EXTERNAL_ID_MAX = defs.externalId.maxLength;
/** license_plate: 10 characters. */
export const LICENSE_PLATE_MAX = defs.licensePlate.maxLength;
/** The twelve error codes the spec shows. */
export const ERROR_CODES: readonly string[] = (getSchema('error-code') as { enum: string[] }).enum;

/** The English name of the category that alone offers license_plate ("Cars category only"). */
export const CARS_NAME = 'Cars';
/** Attributes the spec names, by id. */
export const EXTERNAL_ID = 'external_id';
export const LICENSE_PLATE = 'license_plate';
