import { type PersonalisationValues, personalisationKey } from '../../../shared/personalisation-rules';

/**
 * A cart line is a product with one personalisation, so the same product personalised
 * twice is two lines. A line that is not personalised is keyed by its product id alone, so a
 * product id still names its plain line.
 */
export type CartLineKey = string;

export function cartLineKey(item: {
  id: number;
  personalisation?: PersonalisationValues | undefined;
}): CartLineKey {
  const personalisation = personalisationKey(item.personalisation);
  return personalisation === '' ? String(item.id) : `${item.id}|${personalisation}`;
}
