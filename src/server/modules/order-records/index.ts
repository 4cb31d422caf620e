// Order records' public entry: an order as its shopper's pages and the back office show it (SPEC 3),
// and the order as its mails show it, with the status mail queued when due.
export { mailOrderOf } from './mail-order';
export { orderRecordsOf } from './order-records';
export { mailStatusIfDue } from './status-mail';
