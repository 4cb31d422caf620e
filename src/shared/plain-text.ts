// Text shoppers type that the store shows or prints as typed (reviews, gift messages): tabs and
// line breaks are fine, other control characters never are.

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding these characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

export const hasControlCharacters = (text: string) => text.search(CONTROL_CHARACTERS) !== -1;

export const withoutControlCharacters = (text: string) => text.replace(CONTROL_CHARACTERS, '');
