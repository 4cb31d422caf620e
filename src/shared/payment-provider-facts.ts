// Consumer Protection (E-Commerce) Rules, 2020, rule 7(1)(c): the policy pages name the payment
// service provider and how to reach it, and how to raise a charge-back (decision 0061). No Zod:
// the Terms page is server-rendered and light (decision 0029).

/** Razorpay, when the store takes real payments (PAYMENTS=razorpay, decision 0005). */
export const RAZORPAY = {
  name: 'Razorpay',
  legalName: 'Razorpay Software Private Limited',
  // Razorpay's help for people who paid a business through it (refund status, disputes).
  supportUrl: 'https://razorpay.com/support/',
} as const;
