// The mail module's public entry: every mail template, the outbox and its worker.
export {
  createMailWorker,
  enqueueMail,
  MAIL_EVERY_MS,
  type MailWorker,
  retryDelayMs,
} from './mail-outbox';
export { mailSenderFor, mailTransportFor } from './mail-transport';
export {
  giftOnItsWayMail,
  type MailOrder,
  orderConfirmationMail,
  paymentRefundedMail,
  type RefundReason,
} from './order-mails';
export { quoteMail } from './quote-mail';
export { orderStatusMail } from './status-mail';
