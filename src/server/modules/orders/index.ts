// The orders module's public entry: checkout orders, their records, stock and expiry.

export {
  COD_PLACED_NOTE,
  COD_RETURNED_NOTE,
  type CodSettlement,
  createCodSettlement,
  type ReadCodRules,
} from './cash-on-delivery';
export { awaitsCodConfirmation } from './cod-confirmation';
export {
  type GiftLinkRules,
  giftLinkOf,
  giftLinkSlotsOf,
  giftLinkTokenHashOf,
  newGiftLinkToken,
  type ReadGiftLinkRules,
} from './gift-link-orders';
export { mailOrderOf } from './mail-order';
export { createOrderAllowance, ORDER_ALLOWANCE_MESSAGES, type OrderAllowance } from './order-allowance';
export {
  deliveryPaidPaise,
  feePaiseOf,
  feesByOrder,
  feesOfOrder,
  type StoredFee,
  setFee,
} from './order-charges';
export { type OrderEvent, ownerNoteOf, recordStatus } from './order-events';
export { hasReceived, orderIdByNumber } from './order-lookups';
export {
  addressOf,
  deliveredAtOf,
  deliveryChoiceOf,
  deliveryEstimateOf,
  estimateOf,
  hasOpenShipment,
  nextOrderNumber,
  type OrderRow,
  orderRecordsOf,
} from './order-records';
export {
  createOrderService,
  type DeliveryLookup,
  isOrderId,
  ORDER_EXPIRED_NOTE,
  type OrderService,
} from './order-service';
export { slotFeeOf, windowColumnsOf } from './order-slots';
export {
  insertPendingOrder,
  type PendingOrderLine,
  type RepricedLines,
  replacePendingLines,
} from './pending-order';
export { eraseOrderContactsOf, orderIdsOf, ordersWithLinesOf } from './personal-data';
export { returnRecordsOf } from './return-records';
export { orderRoutes } from './routes';
export { mailStatusIfDue } from './status-mail';
export { releaseReservation, reserveOrderAgain, reserveStock } from './stock';
