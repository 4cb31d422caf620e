// The cash-on-delivery module's public entry (decisions 0042, 0054, 0064): whether an order may be
// paid at the door, its wait for the customer's YES, the shopper's cancel before the courier has
// it, the sweeps of orders left unshipped or unconfirmed, and what delivery or a return means for
// its money. The order's row is the orders module's.

export {
  awaitsCodConfirmation,
  codConfirmationAwaited,
  codConfirmationsAwaited,
} from './cod-confirmation';
export {
  type CashOnDeliveryService,
  COD_CANCELLED_BY_CUSTOMER_NOTE,
  COD_NOT_SHIPPED_NOTE,
  createCashOnDeliveryService,
} from './cod-service';
export { COD_RETURNED_NOTE, type CodSettlement, createCodSettlement } from './cod-settlement';
