import type { StoreSettings } from './store-settings';

/** The chat-app button opens a pre-filled chat about return gifts (SPEC 1). */
export const chatLink = (settings: Pick<StoreSettings, 'whatsappNumber'>) =>
  `https://wa.me/${settings.whatsappNumber}?text=${encodeURIComponent('Hi! I would like to know more about your return gifts.')}`;

export const instagramLink = (settings: Pick<StoreSettings, 'instagramHandle'>) =>
  `https://www.instagram.com/${settings.instagramHandle}/`;

/** A `tel:` link keeps only the + and the digits of a number written as '+91 80 4567 8900'. */
export const telLink = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
