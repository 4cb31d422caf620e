import { hasControlCharacters } from './plain-text';

// Decision 0016: personalisation per product. The owner's config, the shopper's values and the
// one check between them, shared by the product page, the cart and create-order. No Zod here (the
// schemas are in personalisation.ts), so the cart can use it in the first bundle.

/** A product's personalisation as the owner set it; a product without one stores null. */
export type PersonalisationConfig = {
  fields: { label: string; maxLength: number; required: boolean }[];
  photo: (typeof PERSONALISATION_PHOTO_RULES)[number];
};

/** What the shopper entered for a line: text per field label and an optional photo path. */
export type PersonalisationValues = { text: Record<string, string>; photo: string | null };

/** A line's values as the order keeps and shows them: the fields in the product's order. */
export type PersonalisationRecord = { fields: { label: string; value: string }[]; photo: string | null };

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
export const unknownFieldMessage = (label: string) =>
  `${label} is not a personalisation field of this product`;

/** Characters by code point (an emoji is one), as the product page's counter shows them. */
export const personalisationLength = (text: string) => [...text].length;

/** Whether a shopper must fill something in before the product can go in the cart. */
export const needsPersonalisation = (config: PersonalisationConfig | null | undefined) =>
  !!config && (config.photo === 'required' || config.fields.some((field) => field.required));

/**
 * A customer photo as the upload answered it: the path it is served at, `/uploads/...` (local
 * storage) or `/media/...` (a bucket), under `personalisations/` with a random name.
 */
export const PHOTO_PATH = /^\/(?:uploads|media)\/(personalisations\/[a-f0-9]{32}\.webp)$/;
export const photoKeyOf = (reference: string) => PHOTO_PATH.exec(reference)?.[1] ?? null;

export const normalisePersonalisationText = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ').trim();

export type PersonalisationProblem = { field: string; message: string };

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
      ? {
          ok: false,
          problems: [{ field: 'personalisation', message: PERSONALISATION_MESSAGES.notPersonalisable }],
        }
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

/**
 * Values as typed on the product page, normalised as the server's schema normalises them (texts
 * trimmed to one line, empty ones left out), so the page checks what the server will check.
 */
export function personalisationValuesOf(typed: {
  text: Readonly<Record<string, string>>;
  photo: string | null;
}): PersonalisationValues {
  const text: Record<string, string> = {};
  for (const [label, value] of Object.entries(typed.text)) {
    const normalised = normalisePersonalisationText(value);
    if (normalised !== '') text[label] = normalised;
  }
  return { text, photo: typed.photo };
}

/** An order line's identity for lists: its product, and how it was personalised. */
export const orderItemKey = (item: {
  product: { id: number };
  personalisation: PersonalisationRecord | null;
}) => `${item.product.id}|${item.personalisation ? JSON.stringify(item.personalisation) : ''}`;
