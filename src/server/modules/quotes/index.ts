// The quotes module's public entry: the owner's bulk quotes and the customer's payable link.
export { createQuoteService, type QuoteService } from './quote-service';
export { quotedBuyerOf } from './quoted-buyer';
export { isQuoted, quotedAmong, quotedCustomerOf, quoteEmailOf } from './quoted-orders';
export { quoteRoutes } from './routes';
