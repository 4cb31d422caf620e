// The gift-links module's public entry: gifts sent by link, the recipient's page (decision 0081).

export {
  type GiftLinkRules,
  giftLinkOf,
  giftLinkSlotsOf,
  giftLinkTokenHashOf,
  insertGiftLink,
  newGiftLinkToken,
  type ReadGiftLinkRules,
  refuseGiftLinkSender,
} from './gift-link-orders';
export { createGiftLinkService, type GiftLinkService } from './gift-link-service';
export { queueGiftThanks } from './gift-thanks';
export { giftLinksOf, giftThanksOf } from './link-records';
export { giftLinkFlaggedAt, giftLinkWaits } from './order-queue';
export { eraseGiftThanksFor } from './personal-data';
export { giftLinkRoutes } from './routes';
