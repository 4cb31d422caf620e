// The money ledger's public entry: every movement of an order's money (a capture, a refund, cash
// collected on delivery) written in the transaction that moves it, the provider's payments it
// moved through, and what is due for refund (decisions 0051, 0078).
export {
  addPaymentRefund,
  failedPaymentCount,
  lockedPaymentOf,
  type MoneyLine,
  markRefundDue,
  moneyLinesOf,
  netReceivedPaiseOf,
  type PaymentRow,
  type ProviderRefund,
  paymentsOf,
  recordCapturedPayment,
  recordMoney,
  refundablePaiseOf,
  refundDuePaiseOf,
  refundDueWhere,
  refundFromPayments,
} from './money-ledger';
export {
  hasTakenPayment,
  lockCapturedPayment,
  markPaymentRefundDue,
  markPaymentRefunded,
  type PaymentColumns,
  type PaymentOrderFacts,
  paymentsDueBack,
  paymentsDueOf,
  providerNetPaiseOf,
  providerPaymentsSince,
  recordFailedPayment,
} from './provider-payments';
