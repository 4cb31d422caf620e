import type { StoredDeliveryChoice } from '../../../shared/delivery-dates';
import type { PersonalisationRecord } from '../../../shared/personalisation-rules';

/** An order as its news tells of it (the orders module's row, as much as notifications reads). */
export type NoticeOrderRow = StoredDeliveryChoice & {
  id: string;
  orderNumber: string;
  status: string;
  totalPaise: number;
  userId: number | null;
  shippingAddress: unknown;
  deliveryEstimate: unknown;
  createdAt: Date;
};

/** An order's line as it was bought. */
export type NoticeOrderLine = {
  productId: number;
  name: string;
  quantity: number;
  isPreOrder: boolean;
  personalisation: PersonalisationRecord | null;
};

/**
 * What notifications read of orders, handed in by the composition root (services.ts) from orders'
 * entry: orders imports notifications, whose news it queues in its own transaction, so
 * notifications cannot import orders (an import circle; decision 0094, "A query whose owner the
 * others import").
 */
export type OrderFacts = {
  /** The order's row; null when there is none. */
  orderOf(orderId: string): Promise<NoticeOrderRow | null>;
  /** The order's lines, first added first. */
  linesOf(orderId: string): Promise<NoticeOrderLine[]>;
  /** The numbers of these orders, by id. */
  numbersOf(orderIds: readonly string[]): Promise<Map<string, string>>;
};
