// The orders module's public entry: checkout orders, their rows, charges, history, stock and expiry.
// How they are shown (their records and mails) is the order-records module's; the rules of cash on
// delivery are the cash-on-delivery module's, which changes an order's row through the functions here;
// a gift link's checkout is the gift-links module's and a pool's order the group-gifts module's, which
// price and place them through the order service.

export {
  COD_PLACED_NOTE,
  cancelReturnedUnpaid,
  isUnshippedCodOrder,
  markPaidAtDoor,
  openCodOrderOf,
  type ReadCodRules,
  unshippedCodOrder,
} from './cod-orders';
export { latestOrdersOf } from './customer-orders';
export {
  type GiftBatch,
  giftBatchBuyerOf,
  giftBatchByIdempotencyKey,
  giftBatchOf,
  giftBatchOfProviderOrder,
  giftBatchOrdersOf,
  insertGiftBatch,
  lockGiftBatch,
  markGiftBatchPaid,
  storeGiftBatchProviderOrder,
} from './gift-batches';
export { createOrderAllowance, ORDER_ALLOWANCE_MESSAGES } from './order-allowance';
export { countUnitsReturning, removeOrderLine, setOrderDelivery, setOrderStatus } from './order-changes';
export {
  deliveryPaidPaise,
  feePaiseOf,
  feeRecordsOf,
  feesByOrder,
  feesOfOrder,
  setFee,
} from './order-charges';
export { ownerNoteOf, recordStatus } from './order-events';
export {
  boughtLinesOf,
  claimUnownedOrder,
  hasReceived,
  linesOfOrders,
  lockedLinesOf,
  lockedOrderOf,
  orderByIdempotencyKey,
  orderIdByNumber,
  orderLinesOf,
  orderNumbersOf,
  orderOf,
  ordersOf,
  placedBy,
  timelinesOf,
} from './order-lookups';
export { markOrderPaid, orderOfProviderOrder, paymentOrderFacts } from './order-payment';
export {
  addressOf,
  deliveredAtOf,
  deliveryChoiceOf,
  deliveryEstimateOf,
  EMPTY_ADDRESS,
  estimateOf,
  nextOrderNumber,
  type OrderRow,
  unbookedCodOrdersPlacedBefore,
} from './order-rows';
export {
  createOrderService,
  type DeliveryLookup,
  isOrderId,
  ORDER_EXPIRED_NOTE,
  type OrderService,
} from './order-service';
export {
  insertPendingOrder,
  type RepricedLines,
  replacePendingLines,
} from './pending-order';
export { eraseOrderContactsOf, orderIdsOf, ordersWithLinesOf } from './personal-data';
export { orderRoutes } from './routes';
export {
  bestSellersSince,
  codToCollectPaise,
  ordersAwaitingExpiry,
  ordersAwaitingPayment,
  orderTotals,
  paidOrdersByDay,
} from './sales-figures';
export { releaseReservation, reserveOrderAgain } from './stock';
