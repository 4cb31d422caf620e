// The mail module's public entry: every mail template, the outbox and its worker.

export { cartReminderMail } from './cart-reminder-mail';
export {
  complaintAcknowledgedMail,
  complaintReceivedMail,
  complaintResolvedMail,
  type MailComplaint,
} from './complaint-mails';
export { giftBatchMail, giftLinkMail } from './gift-link-mail';
export { giftThanksMail } from './gift-thanks-mail';
export {
  countMailsQueuedSince,
  createMailWorker,
  enqueueMail,
  eraseMailBodiesBefore,
  MAIL_EVERY_MS,
  type MailWorker,
  mailQueuedFor,
  mailQueueOf,
  type OutgoingMail,
  outboxPage,
  retryDelayMs,
} from './mail-outbox';
export { mailSenderFor, mailTransportFor } from './mail-transport';
export {
  giftOnItsWayMail,
  type MailOrder,
  orderConfirmationMail,
  paymentRefundedMail,
  type RefundReason,
  undeliveredRefundMail,
} from './order-mails';
export { type OwnerNotice, ownerDigestMail, ownerNoticeMail } from './owner-mails';
export { eraseMailsOf, mailsTo } from './personal-data';
export { quoteMail } from './quote-mail';
export { staffInviteMail } from './staff-invite-mail';
export { orderStatusMail, type ReturnedItems } from './status-mail';
