import { describe, expect, it } from 'vitest';
import { PersonalisationConfig, PersonalisationValues } from './personalisation';
import {
  checkPersonalisation,
  PERSONALISATION_MESSAGES,
  personalisationKey,
  photoKeyOf,
} from './personalisation-rules';

const nameTag = PersonalisationConfig.parse({
  fields: [
    { label: 'Name on tag', maxLength: 20, required: true },
    { label: 'Date', maxLength: 10 },
  ],
  photo: 'optional',
});
const values = (input: Parameters<typeof PersonalisationValues.parse>[0]) =>
  PersonalisationValues.parse(input);
const PHOTO = `/uploads/personalisations/${'a1'.repeat(16)}.webp`;

describe('personalisation config', () => {
  it('takes text fields of 1 to 100 characters and a photo rule', () => {
    expect(nameTag.fields[1]?.required).toBe(false);
    const tooLong = PersonalisationConfig.safeParse({ fields: [{ label: 'Name', maxLength: 101 }] });
    expect(tooLong.error?.issues[0]?.message).toBe('The maximum length is at most 100');
    const zero = PersonalisationConfig.safeParse({ fields: [{ label: 'Name', maxLength: 0 }] });
    expect(zero.error?.issues[0]?.message).toBe('The maximum length is at least 1');
  });

  it('refuses two fields with one label and a config that asks for nothing', () => {
    const twice = PersonalisationConfig.safeParse({
      fields: [
        { label: 'Name', maxLength: 10 },
        { label: 'name', maxLength: 5 },
      ],
    });
    expect(twice.error?.issues[0]?.message).toBe(PERSONALISATION_MESSAGES.duplicateLabels);
    const empty = PersonalisationConfig.safeParse({ fields: [], photo: 'off' });
    expect(empty.error?.issues[0]?.message).toBe(PERSONALISATION_MESSAGES.emptyConfig);
  });
});

describe('checkPersonalisation', () => {
  it('accepts a name within its length, trimmed, with the photo', () => {
    const check = checkPersonalisation(
      nameTag,
      values({ text: { 'Name on tag': '  Aarav  ' }, photo: PHOTO }),
    );
    expect(check).toEqual({
      ok: true,
      record: { fields: [{ label: 'Name on tag', value: 'Aarav' }], photo: PHOTO },
    });
  });

  it('counts an emoji as one character: 20 fit, 21 do not', () => {
    expect(checkPersonalisation(nameTag, values({ text: { 'Name on tag': '🎁'.repeat(20) } })).ok).toBe(true);
    expect(checkPersonalisation(nameTag, values({ text: { 'Name on tag': 'a'.repeat(21) } }))).toEqual({
      ok: false,
      problems: [{ field: 'Name on tag', message: 'Name on tag must be at most 20 characters' }],
    });
  });

  it('names a missing required field, also when only spaces were typed', () => {
    expect(checkPersonalisation(nameTag, values({ text: { 'Name on tag': '   ' } }))).toEqual({
      ok: false,
      problems: [{ field: 'Name on tag', message: 'Please enter Name on tag' }],
    });
  });

  it('refuses a field the product does not have and control characters', () => {
    const unknown = checkPersonalisation(
      nameTag,
      values({ text: { 'Name on tag': 'Aarav', Colour: 'red' } }),
    );
    expect(unknown).toEqual({
      ok: false,
      problems: [{ field: 'Colour', message: 'Colour is not a personalisation field of this product' }],
    });
    const control = checkPersonalisation(nameTag, values({ text: { 'Name on tag': 'Aa\u0007rav' } }));
    expect(control).toEqual({
      ok: false,
      problems: [{ field: 'Name on tag', message: 'Name on tag must be plain text' }],
    });
  });

  it('asks for a required photo and refuses one the product does not take', () => {
    const photoRequired = PersonalisationConfig.parse({ photo: 'required' });
    expect(checkPersonalisation(photoRequired, values({}))).toEqual({
      ok: false,
      problems: [{ field: 'photo', message: 'Please add a photo' }],
    });
    const textOnly = PersonalisationConfig.parse({ fields: [{ label: 'Name', maxLength: 5 }] });
    expect(checkPersonalisation(textOnly, values({ photo: PHOTO }))).toEqual({
      ok: false,
      problems: [{ field: 'photo', message: PERSONALISATION_MESSAGES.photoNotTaken }],
    });
  });

  it('refuses values for a product that is not personalisable, and takes none', () => {
    expect(checkPersonalisation(null, values({ text: { Name: 'A' } })).ok).toBe(false);
    expect(checkPersonalisation(null, undefined)).toEqual({ ok: true, record: null });
  });

  it('takes a photo reference only in the upload’s own form', () => {
    expect(photoKeyOf(PHOTO)).toBe(`personalisations/${'a1'.repeat(16)}.webp`);
    expect(PersonalisationValues.safeParse({ photo: '/uploads/products/p1-600.webp' }).success).toBe(false);
    expect(PersonalisationValues.safeParse({ photo: '/uploads/personalisations/../x.webp' }).success).toBe(
      false,
    );
  });
});

describe('personalisationKey', () => {
  it('is the same whatever order the fields were typed in, and differs by name', () => {
    const a = personalisationKey(values({ text: { 'Name on tag': 'Aarav', Date: '1/1' } }));
    const b = personalisationKey(values({ text: { Date: '1/1', 'Name on tag': 'Aarav ' } }));
    const c = personalisationKey(values({ text: { 'Name on tag': 'Diya', Date: '1/1' } }));
    expect(a).toBe(b);
    expect(a).not.toBe(c);
    expect(personalisationKey(values({ text: { Date: '' } }))).toBe('');
  });
});
