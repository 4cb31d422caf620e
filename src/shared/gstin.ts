// A GSTIN (India's GST identification number) is 15 characters: a 2-digit state code, the
// holder's PAN (5 letters, 4 digits, 1 letter), an entity number, 'Z', and a check character
// computed from the first 14 (the GST Network's mod-36 scheme).

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GSTIN_SHAPE = /^(0[1-9]|[1-9]\d)[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export const GSTIN_MESSAGE = 'Please enter a valid 15-character GSTIN, e.g. 29ABCDE1234F1ZW';

/** The check character for the first 14 characters of a GSTIN. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (const [index, character] of [...first14].entries()) {
    const product = GSTIN_ALPHABET.indexOf(character) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / GSTIN_ALPHABET.length) + (product % GSTIN_ALPHABET.length);
  }
  return GSTIN_ALPHABET[(GSTIN_ALPHABET.length - (sum % GSTIN_ALPHABET.length)) % GSTIN_ALPHABET.length]!;
}

/** Upper-cases and drops spaces, as people type GSTINs from printed invoices. */
export const normaliseGstin = (value: string) => value.replace(/\s+/g, '').toUpperCase();

export function isValidGstin(value: string): boolean {
  const gstin = normaliseGstin(value);
  return GSTIN_SHAPE.test(gstin) && gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14];
}

/**
 * A GSTIN starts with the code of the State it is registered in (29 Karnataka); the invoices tax
 * by the store's State, so a GSTIN of another State would print one and tax by the other.
 */
export const gstinStateMessage = (state: string) =>
  `This GSTIN is not registered in ${state}, the store's State for GST (STORE_STATE)`;
