import { z } from 'zod';
import {
  normalisePersonalisationText,
  PERSONALISATION_FIELD_MAX_LENGTH,
  PERSONALISATION_LABEL_MAX,
  PERSONALISATION_MAX_FIELDS,
  PERSONALISATION_MESSAGES,
  PERSONALISATION_PHOTO_RULES,
  type PersonalisationConfig as PersonalisationConfigShape,
  type PersonalisationRecord as PersonalisationRecordShape,
  type PersonalisationValues as PersonalisationValuesShape,
  PHOTO_PATH,
} from './personalisation-rules';
import { hasControlCharacters } from './plain-text';

// Personalisation per product, the schemas. The rules without Zod (limits,
// messages, the check and the cart key) are in personalisation-rules.ts, so the cart and the
// product page can use them without loading Zod. The shapes are named there once; each schema
// here is checked against its shape.

const Label = z
  .string({ error: 'Enter a label for the field' })
  .trim()
  .min(1, 'Enter a label for the field')
  .max(PERSONALISATION_LABEL_MAX, `A label must be at most ${PERSONALISATION_LABEL_MAX} characters`)
  .refine((label) => !hasControlCharacters(label), 'A label must be plain text');

export const PersonalisationField = z.object({
  label: Label,
  maxLength: z
    .number({ error: 'Enter the maximum length' })
    .int('The maximum length is a whole number')
    .min(1, 'The maximum length is at least 1')
    .max(
      PERSONALISATION_FIELD_MAX_LENGTH,
      `The maximum length is at most ${PERSONALISATION_FIELD_MAX_LENGTH}`,
    ),
  required: z.boolean().default(false),
});
export type PersonalisationField = z.infer<typeof PersonalisationField>;

export const PhotoRule = z.enum(PERSONALISATION_PHOTO_RULES, {
  error: 'Photo must be off, optional or required',
});
export type PhotoRule = z.infer<typeof PhotoRule>;

/** A product's personalisation as the owner set it; a product without one stores null. */
export const PersonalisationConfig = z
  .object({
    fields: z
      .array(PersonalisationField)
      .max(PERSONALISATION_MAX_FIELDS, `At most ${PERSONALISATION_MAX_FIELDS} personalisation fields`)
      .default([]),
    photo: PhotoRule.default('off'),
  })
  .refine(
    (config) =>
      new Set(config.fields.map((field) => field.label.toLowerCase())).size === config.fields.length,
    { message: PERSONALISATION_MESSAGES.duplicateLabels, path: ['fields'] },
  )
  .refine((config) => config.fields.length > 0 || config.photo !== 'off', {
    message: PERSONALISATION_MESSAGES.emptyConfig,
    path: ['fields'],
  }) satisfies z.ZodType<PersonalisationConfigShape>;
export type PersonalisationConfig = PersonalisationConfigShape;
export type PersonalisationConfigInput = z.input<typeof PersonalisationConfig>;

/**
 * A customer photo as the upload answered it: the path it is served at, `/uploads/...` (local
 * storage) or `/media/...` (a bucket), under `personalisations/` with a random name.
 */
export const PhotoReference = z
  .string()
  // Such a path is 62 characters long.
  .max(100, { error: PERSONALISATION_MESSAGES.photoMissing, abort: true })
  .regex(PHOTO_PATH, PERSONALISATION_MESSAGES.photoMissing);

/**
 * What the shopper entered for a cart or order line: text per field label and an optional photo.
 * The texts are trimmed and line breaks become spaces (a tag has one line); an emptied text is
 * no text. Lengths and required fields are checked against the product by checkPersonalisation.
 */
export const PersonalisationValues = z.object({
  text: z
    .record(
      z.string().max(PERSONALISATION_LABEL_MAX, 'Unknown personalisation field'),
      z.string().max(1000, 'A personalisation text is too long'),
    )
    // No more texts than a product has fields. A record has no length check of its own;
    // `maxEntries` in the params tells request-bounds.test.ts the limit.
    .refine((text) => Object.keys(text).length <= PERSONALISATION_MAX_FIELDS, {
      message: `At most ${PERSONALISATION_MAX_FIELDS} personalisation texts`,
      params: { maxEntries: PERSONALISATION_MAX_FIELDS },
    })
    .default({})
    .transform((text) =>
      Object.fromEntries(
        Object.entries(text)
          .map(([label, value]) => [label, normalisePersonalisationText(value)] as const)
          .filter(([, value]) => value !== ''),
      ),
    ),
  photo: PhotoReference.nullish().transform((photo) => photo ?? null),
}) satisfies z.ZodType<PersonalisationValuesShape>;
export type PersonalisationValues = PersonalisationValuesShape;
export type PersonalisationValuesInput = z.input<typeof PersonalisationValues>;

/** A line's values as the order keeps and shows them: the fields in the product's order. */
export const PersonalisationRecord = z.object({
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  photo: z.string().nullable(),
}) satisfies z.ZodType<PersonalisationRecordShape>;
export type PersonalisationRecord = PersonalisationRecordShape;
