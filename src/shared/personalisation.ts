import { z } from 'zod';
import { hasControlCharacters } from './plain-text';

// Issue 13 item 2: personalisation per product. The owner's config, the shopper's values and the
// one check between them live here, so the product page, the cart and create-order agree.

export const PERSONALISATION_FIELD_MAX_LENGTH = 100;
export const PERSONALISATION_MAX_FIELDS = 5;
export const PERSONALISATION_LABEL_MAX = 60;
export const PERSONALISATION_PHOTO_RULES = ['off', 'optional', 'required'] as const;
/** The photo a shopper may upload: JPEG or PNG, checked by content on the server. */
export const PERSONALISATION_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PERSONALISATION_PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;

export const PERSONALISATION_MESSAGES = {
  photoType: 'Please upload a JPEG or PNG photo.',
  photoTooLarge: 'The photo is larger than 5 MB. Please upload a smaller one.',
  photoRequired: 'Please add a photo',
  photoNotTaken: 'This product does not take a photo',
  photoMissing: 'The photo was not found. Please upload it again.',
  notPersonalisable: 'This product cannot be personalised',
  duplicateLabels: 'Each personalisation field needs its own label',
  emptyConfig: 'Add a text field or allow a photo, or turn personalisation off',
} as const;

export const requiredMessage = (label: string) => `Please enter ${label}`;
export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${max} characters`;
export const notPlainTextMessage = (label: string) => `${label} must be plain text`;
export const unknownFieldMessage = (label: string) => `${label} is not a personalisation field of this product`;

/** Characters by code point (an emoji is one), as the product page's counter shows them. */
export const personalisationLength = (text: string) => [...text].length;

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
    .max(PERSONALISATION_FIELD_MAX_LENGTH, `The maximum length is at most ${PERSONALISATION_FIELD_MAX_LENGTH}`),
  required: z.boolean().default(false),
});
export type PersonalisationField = z.infer<typeof PersonalisationField>;

export const PhotoRule = z.enum(PERSONALISATION_PHOTO_RULES, { error: 'Photo must be off, optional or required' });
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
    (config) => new Set(config.fields.map((field) => field.label.toLowerCase())).size === config.fields.length,
    { message: PERSONALISATION_MESSAGES.duplicateLabels, path: ['fields'] },
  )
  .refine((config) => config.fields.length > 0 || config.photo !== 'off', {
    message: PERSONALISATION_MESSAGES.emptyConfig,
    path: ['fields'],
  });
export type PersonalisationConfig = z.infer<typeof PersonalisationConfig>;
export type PersonalisationConfigInput = z.input<typeof PersonalisationConfig>;

/** Whether a shopper must fill something in before the product can go in the cart. */
export const needsPersonalisation = (config: PersonalisationConfig | null | undefined) =>
  !!config && (config.photo === 'required' || config.fields.some((field) => field.required));

/**
 * A customer photo as the upload answered it: the path it is served at, `/uploads/...` (local
 * storage) or `/media/...` (a bucket), under `personalisations/` with a random name.
 */
export const PHOTO_PATH = /^\/(?:uploads|media)\/(personalisations\/[a-f0-9]{32}\.webp)$/;
export const PhotoReference = z.string().regex(PHOTO_PATH, PERSONALISATION_MESSAGES.photoMissing);
export const photoKeyOf = (reference: string) => PHOTO_PATH.exec(reference)?.[1] ?? null;

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
    .default({})
    .transform((text) =>
      Object.fromEntries(
        Object.entries(text)
          .map(([label, value]) => [label, normalisePersonalisationText(value)] as const)
          .filter(([, value]) => value !== ''),
      ),
    ),
  photo: PhotoReference.nullish().transform((photo) => photo ?? null),
});
export type PersonalisationValues = z.infer<typeof PersonalisationValues>;
export type PersonalisationValuesInput = z.input<typeof PersonalisationValues>;

export const normalisePersonalisationText = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ').trim();

export type PersonalisationProblem = { field: string; message: string };

/** A line's values as the order keeps and shows them: the fields in the product's order. */
export const PersonalisationRecord = z.object({
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  photo: z.string().nullable(),
});
export type PersonalisationRecord = z.infer<typeof PersonalisationRecord>;

export type PersonalisationCheck =
  | { ok: true; record: PersonalisationRecord | null }
  | { ok: false; problems: PersonalisationProblem[] };

/**
 * The one rule: do these values satisfy this product's config? Missing required fields, texts
 * over their length or not plain text, fields the product does not have, and a photo the product
 * does not take or requires are problems, each naming its field. Empty values on a personalisable
 * product whose fields are all optional are fine: that line is simply not personalised.
 */
export function checkPersonalisation(
  config: PersonalisationConfig | null | undefined,
  values: PersonalisationValues | null | undefined,
): PersonalisationCheck {
  const text = values?.text ?? {};
  const photo = values?.photo ?? null;
  const given = Object.keys(text).length > 0 || photo !== null;
  if (!config) {
    return given
      ? { ok: false, problems: [{ field: 'personalisation', message: PERSONALISATION_MESSAGES.notPersonalisable }] }
      : { ok: true, record: null };
  }
  const problems: PersonalisationProblem[] = [];
  const labels = new Set(config.fields.map((field) => field.label));
  for (const label of Object.keys(text)) {
    if (!labels.has(label)) problems.push({ field: label, message: unknownFieldMessage(label) });
  }
  const fields: PersonalisationRecord['fields'] = [];
  for (const field of config.fields) {
    const value = text[field.label] ?? '';
    if (value === '') {
      if (field.required) problems.push({ field: field.label, message: requiredMessage(field.label) });
      continue;
    }
    if (personalisationLength(value) > field.maxLength) {
      problems.push({ field: field.label, message: tooLongMessage(field.label, field.maxLength) });
    } else if (hasControlCharacters(value)) {
      problems.push({ field: field.label, message: notPlainTextMessage(field.label) });
    }
    fields.push({ label: field.label, value });
  }
  if (photo === null && config.photo === 'required') {
    problems.push({ field: 'photo', message: PERSONALISATION_MESSAGES.photoRequired });
  }
  if (photo !== null && config.photo === 'off') {
    problems.push({ field: 'photo', message: PERSONALISATION_MESSAGES.photoNotTaken });
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, record: fields.length > 0 || photo !== null ? { fields, photo } : null };
}

/**
 * Identifies a personalisation: two lines of one product with equal keys are one line. Labels are
 * sorted so the order values were typed in does not matter.
 */
export function personalisationKey(values: PersonalisationValues | null | undefined): string {
  if (!values) return '';
  const entries = Object.entries(values.text)
    .filter(([, value]) => value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (entries.length === 0 && !values.photo) return '';
  return JSON.stringify([entries, values.photo ?? null]);
}
