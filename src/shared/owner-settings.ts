import { z } from 'zod';
import { COD_HOLD_HOURS_MAX, CodPincodes } from './cash-on-delivery';
import { GIFT_LINK_MAX_DAYS, GIFT_LINKS_PER_DAY_MAX } from './gift-links';
import { GROUP_GIFTS_PER_DAY_MAX } from './group-gifts';
import { GSTIN_MESSAGE, isValidGstin, normaliseGstin } from './gstin';
import { NOTIFY_CHANNEL_LABELS, NOTIFY_CHANNELS } from './notifications';
import { PackagingBoxesText } from './parcel';
import { isValidPhone, normalisePhone, PHONE_INPUT_MAX } from './phone';
import {
  FAULT_RETURN_WINDOW_DAYS,
  MAX_FAULT_RETURN_WINDOW_DAYS,
  RETURN_SHIPPING_PAYER_LABELS,
  RETURN_SHIPPING_PAYERS,
} from './return-rules';
import { RTO_REFUND_MODE_LABELS, RTO_REFUND_MODES } from './returned-parcels';

// What the owner changes in the back office's Settings page. The form and the server
// validate with this one schema; each field's `meta` says how the form shows it and which
// configuration variable gives its value until the owner saves one (the first one set wins).
// Adding a setting is one line here: the table keeps the saved values as one JSON object, and the
// Settings page lists the fields from this shape.

export type SettingGroup =
  | 'store'
  | 'care'
  | 'grievance'
  | 'shipping'
  | 'cod'
  | 'returns'
  | 'legal'
  | 'messages';
export type SettingMeta = {
  label: string;
  group: SettingGroup;
  /** 'channels' is a set of ticks from `options`; 'choice' is one of `options`; 'switch' is on or off. */
  kind:
    | 'text'
    | 'long-text'
    | 'email'
    | 'phone'
    | 'rupees'
    | 'days'
    | 'hours'
    | 'count'
    | 'channels'
    | 'choice'
    | 'switch';
  options?: readonly { value: string; label: string }[];
  /** Configuration variables that give the default, in order. */
  env: readonly string[];
  hint?: string;
};

export const SETTING_GROUPS: Record<SettingGroup, string> = {
  store: 'Store',
  care: 'Customer care',
  grievance: 'Grievance Officer',
  shipping: 'Shipping and delivery charges',
  cod: 'Cash on delivery',
  returns: 'Returns',
  legal: 'GST and legal identity',
  messages: 'Messages',
};

/** How the owner hears of new paid orders, return requests and enquiries (OWNER_NOTIFY). */
export const OWNER_NOTICE_MODES = ['immediate', 'hourly', 'daily'] as const;
export type OwnerNoticeMode = (typeof OWNER_NOTICE_MODES)[number];
const OWNER_NOTICE_MODE_LABELS: Record<OwnerNoticeMode, string> = {
  immediate: 'At once, one message each',
  hourly: 'An hourly digest by e-mail',
  daily: 'A daily digest by e-mail',
};

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const email = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .max(254, `${label} must be at most 254 characters`)
    .pipe(z.email(`${label} must be an e-mail address like care@example.in`));

// The same shape configuration accepts (src/server/config.ts): landlines and mobiles, with + and spaces.
const phone = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .max(20, `${label} must be at most 20 characters`)
    .regex(/^\+?\d[\d -]{6,18}\d$/, `${label} must be a phone number like +91 80 4567 8900`);

const rupees = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number of rupees` })
    .int(`${label} must be whole rupees`)
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} can be at most ₹${max.toLocaleString('en-IN')}`);

/** A number of things a day, from 1 up to `max`. */
const count = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(max, `${label} can be at most ${max}`);

const OWNER_WHATSAPP_MESSAGE = "Owner's WhatsApp must be a 10-digit mobile number, or empty";

const field = <T extends z.ZodType>(schema: T, meta: SettingMeta) => schema.meta(meta);

export const OwnerSettings = z.object({
  storeName: field(text('Store name', 60), {
    label: 'Store name',
    group: 'store',
    kind: 'text',
    env: ['STORE_NAME'],
  }),
  supportEmail: field(email('Support e-mail'), {
    label: 'Support e-mail',
    group: 'store',
    kind: 'email',
    env: ['SUPPORT_EMAIL'],
  }),
  customerCarePhone: field(phone('Customer care phone'), {
    label: 'Customer care phone',
    group: 'care',
    kind: 'phone',
    env: ['CUSTOMER_CARE_PHONE'],
  }),
  customerCareEmail: field(email('Customer care e-mail'), {
    label: 'Customer care e-mail',
    group: 'care',
    kind: 'email',
    env: ['CUSTOMER_CARE_EMAIL', 'SUPPORT_EMAIL'],
  }),
  grievanceOfficerName: field(text('Grievance Officer name', 100), {
    label: 'Name',
    group: 'grievance',
    kind: 'text',
    env: ['GRIEVANCE_OFFICER_NAME'],
  }),
  // E-Commerce Rules 2020, rule 4(4): name, contact details and designation, on the Contact page.
  grievanceOfficerDesignation: field(text('Grievance Officer designation', 100), {
    label: 'Designation',
    group: 'grievance',
    kind: 'text',
    env: ['GRIEVANCE_OFFICER_DESIGNATION'],
    hint: 'Their job title, e.g. Head of Customer Care',
  }),
  grievanceOfficerEmail: field(email('Grievance Officer e-mail'), {
    label: 'E-mail',
    group: 'grievance',
    kind: 'email',
    env: ['GRIEVANCE_OFFICER_EMAIL'],
  }),
  grievanceOfficerPhone: field(phone('Grievance Officer phone'), {
    label: 'Phone',
    group: 'grievance',
    kind: 'phone',
    env: ['GRIEVANCE_OFFICER_PHONE'],
  }),
  shippingFee: field(rupees('Shipping fee', 10_000), {
    label: 'Shipping fee (₹)',
    group: 'shipping',
    kind: 'rupees',
    env: ['SHIPPING_FEE_RUPEES'],
    hint: '0 ships every order free',
  }),
  freeShippingFrom: field(rupees('Free shipping threshold', 10_00_000), {
    label: 'Free shipping from (₹)',
    group: 'shipping',
    kind: 'rupees',
    env: ['FREE_SHIPPING_FROM_RUPEES'],
    hint: 'Orders of this value or more ship free',
  }),
  midnightSlotFee: field(rupees('Midnight delivery fee', 10_000), {
    label: 'Midnight delivery fee (₹)',
    group: 'shipping',
    kind: 'rupees',
    env: ['MIDNIGHT_SLOT_FEE_RUPEES'],
  }),
  // Decision 0077: the boxes a parcel is packed in (the smallest that holds its items).
  packagingBoxes: field(PackagingBoxesText, {
    label: 'Packaging boxes',
    group: 'shipping',
    kind: 'long-text',
    env: ['PACKAGING_BOXES'],
    hint: 'One box a line: name, inside size and empty weight, like "Small box: 20 x 15 x 12 cm, 100 g". A parcel goes in the smallest box that holds its items',
  }),
  // Decision 0042: cash on delivery and its rules (src/shared/cash-on-delivery.ts).
  codEnabled: field(z.boolean({ error: 'Cash on delivery must be on or off' }), {
    label: 'Offer cash on delivery',
    group: 'cod',
    kind: 'switch',
    env: ['COD_ENABLED'],
    hint: 'Never for pre-orders, personalised items or quotes; the shopper verifies their mobile first',
  }),
  codMaxOrderValue: field(rupees('Cash on delivery maximum', 10_00_000), {
    label: 'Maximum order value (₹)',
    group: 'cod',
    kind: 'rupees',
    env: ['COD_MAX_ORDER_RUPEES'],
    hint: 'Items and shipping, before the COD fee',
  }),
  codFee: field(rupees('Cash on delivery fee', 10_000), {
    label: 'COD fee (₹)',
    group: 'cod',
    kind: 'rupees',
    env: ['COD_FEE_RUPEES'],
    hint: 'Added to the total of each cash on delivery order',
  }),
  codPincodes: field(CodPincodes, {
    label: 'Pincodes where the courier collects cash',
    group: 'cod',
    kind: 'long-text',
    env: ['COD_PINCODES'],
    hint: 'Pincodes or their first digits (560 for all of Bengaluru), separated by commas; empty: every pincode you deliver to',
  }),
  // Decision 0051: a defective, damaged, wrong or late item's window (a change of mind has 7 days).
  faultReturnDays: field(
    z
      .number({ error: 'Days to return a faulty item must be a number of days' })
      .int('Days to return a faulty item must be whole days')
      .min(
        FAULT_RETURN_WINDOW_DAYS,
        `Days to return a faulty item must be at least ${FAULT_RETURN_WINDOW_DAYS}`,
      )
      .max(
        MAX_FAULT_RETURN_WINDOW_DAYS,
        `Days to return a faulty item can be at most ${MAX_FAULT_RETURN_WINDOW_DAYS}`,
      ),
    {
      label: 'Days to return a defective, damaged, wrong or late item',
      group: 'returns',
      kind: 'days',
      env: ['FAULT_RETURN_DAYS'],
      hint: `At least ${FAULT_RETURN_WINDOW_DAYS}, with the delivery charges refunded; a change of mind has 7 days`,
    },
  ),
  // Decision 0054: an open COD order's reservation ends when it is not shipped in this time.
  codHoldHours: field(
    z
      .number({ error: 'Hours to ship a cash on delivery order must be a number of hours' })
      .int('Hours to ship a cash on delivery order must be whole hours')
      .min(1, 'Hours to ship a cash on delivery order must be at least 1')
      .max(COD_HOLD_HOURS_MAX, `Hours to ship a cash on delivery order can be at most ${COD_HOLD_HOURS_MAX}`),
    {
      label: 'Hours to ship a COD order',
      group: 'cod',
      kind: 'hours',
      env: ['COD_HOLD_HOURS'],
      hint: 'An order not booked with the courier by then is cancelled and its stock freed; the customer is told',
    },
  ),
  // Decision 0064: a COD order above this waits for the customer's reply of YES before it is booked.
  codConfirmAbove: field(rupees('Cash on delivery confirmation amount', 10_00_000), {
    label: 'Ask for a reply of YES above (₹)',
    group: 'cod',
    kind: 'rupees',
    env: ['COD_CONFIRM_ABOVE_RUPEES'],
    hint: 'A cash on delivery order above this amount gets a WhatsApp or SMS "Reply YES to confirm" and is not booked until it is; 0 asks no order',
  }),
  codConfirmHours: field(
    z
      .number({ error: 'Hours to wait for a YES must be a number of hours' })
      .int('Hours to wait for a YES must be whole hours')
      .min(1, 'Hours to wait for a YES must be at least 1')
      .max(COD_HOLD_HOURS_MAX, `Hours to wait for a YES can be at most ${COD_HOLD_HOURS_MAX}`),
    {
      label: 'Hours to wait for the YES',
      group: 'cod',
      kind: 'hours',
      env: ['COD_CONFIRM_HOURS'],
      hint: 'An order not confirmed by then is cancelled and its stock freed; the customer is told',
    },
  ),
  // Decision 0064: a prepaid parcel the courier brings back (RTO), once the owner checks it in.
  rtoRefund: field(
    z.enum(RTO_REFUND_MODES, { error: 'Choose what happens to the money of a returned parcel' }),
    {
      label: 'When a prepaid parcel comes back undelivered',
      group: 'returns',
      kind: 'choice',
      options: RTO_REFUND_MODES.map((value) => ({ value, label: RTO_REFUND_MODE_LABELS[value] })),
      env: ['RTO_REFUND'],
      hint: 'Refunds owed are listed on the dashboard with their age',
    },
  ),
  rtoFreightDeduction: field(rupees('Return freight deduction', 10_000), {
    label: 'Deduct for the return freight (₹)',
    group: 'returns',
    kind: 'rupees',
    env: ['RTO_FREIGHT_DEDUCTION_RUPEES'],
    hint: 'Taken off the refund of a prepaid parcel that comes back undelivered; 0 deducts nothing. State it in your shipping policy',
  }),
  // Decision 0061: E-Commerce Rules 2020, rule 7(1)(a), "cost of return shipping", on the Returns page.
  returnShippingPaidBy: field(
    z.enum(RETURN_SHIPPING_PAYERS, { error: 'Choose who pays to send a return back' }),
    {
      label: 'Who pays to send a return back',
      group: 'returns',
      kind: 'choice',
      options: RETURN_SHIPPING_PAYERS.map((value) => ({ value, label: RETURN_SHIPPING_PAYER_LABELS[value] })),
      env: ['RETURN_SHIPPING_PAID_BY'],
      hint: 'Stated on the Returns and refunds page',
    },
  ),
  // Decision 0066: small refunds need not wait for the parcel to come back.
  refundAtApprovalBelow: field(rupees('Refund at approval below', 10_00_000), {
    label: 'Refund at approval below (₹)',
    group: 'returns',
    kind: 'rupees',
    env: ['RETURN_REFUND_AT_APPROVAL_BELOW_RUPEES'],
    hint: 'A return worth less is refunded when you approve it; the rest once you mark the items received and checked. 0: always wait',
  }),
  // Decision 0067: the courier's COD cycle; cash not remitted by then shows as overdue.
  codRemittanceDays: field(
    z
      .number({ error: "Days to the courier's COD remittance must be a number of days" })
      .int("Days to the courier's COD remittance must be whole days")
      .min(1, "Days to the courier's COD remittance must be at least 1")
      .max(60, "Days to the courier's COD remittance can be at most 60"),
    {
      label: 'Days the courier takes to remit COD cash',
      group: 'cod',
      kind: 'days',
      env: ['COD_REMITTANCE_DAYS'],
      hint: 'Cash collected and not remitted after this many days shows as overdue',
    },
  ),
  // Decision 0081: a gift link's life (its stock is held that long) and an account's links a day,
  // higher for an account the owner approved as a corporate buyer.
  giftLinkDays: field(
    z
      .number({ error: 'Days a gift link stays open must be a number of days' })
      .int('Days a gift link stays open must be whole days')
      .min(1, 'Days a gift link stays open must be at least 1')
      .max(GIFT_LINK_MAX_DAYS, `Days a gift link stays open can be at most ${GIFT_LINK_MAX_DAYS}`),
    {
      label: 'Days a gift link stays open',
      group: 'shipping',
      kind: 'days',
      env: ['GIFT_LINK_DAYS'],
      hint: "The gift's stock is held this long for the recipient's address; then the sender chooses",
    },
  ),
  giftLinksPerDay: field(count('Gift links a day', GIFT_LINKS_PER_DAY_MAX), {
    label: 'Gift links one account may send in a day',
    group: 'shipping',
    kind: 'count',
    env: ['GIFT_LINKS_PER_DAY'],
  }),
  corporateGiftLinksPerDay: field(count('Corporate gift links a day', GIFT_LINKS_PER_DAY_MAX), {
    label: 'Gift links an approved corporate account may send in a day',
    group: 'shipping',
    kind: 'count',
    env: ['CORPORATE_GIFT_LINKS_PER_DAY'],
    hint: 'Approve a business account on its customer page; it never gets fewer than the limit above',
  }),
  // Decision 0084: the group gifts an organiser may start in a day, and one share's bounds.
  groupGiftsPerDay: field(count('Group gifts a day', GROUP_GIFTS_PER_DAY_MAX), {
    label: 'Group gifts one organiser may start in a day',
    group: 'shipping',
    kind: 'count',
    env: ['GROUP_GIFTS_PER_DAY'],
  }),
  groupGiftMinShare: field(rupees('Smallest group gift share', 10_000), {
    label: 'Smallest share of a group gift (₹)',
    group: 'shipping',
    kind: 'rupees',
    env: ['GROUP_GIFT_MIN_SHARE_RUPEES'],
    hint: 'The last share may be less when less remains',
  }),
  groupGiftMaxShare: field(rupees('Largest group gift share', 10_00_000), {
    label: 'Largest share of a group gift (₹)',
    group: 'shipping',
    kind: 'rupees',
    env: ['GROUP_GIFT_MAX_SHARE_RUPEES'],
    hint: 'Never below the smallest share',
  }),
  legalName: field(text('Legal name', 120), {
    label: 'Legal name',
    group: 'legal',
    kind: 'text',
    env: ['STORE_LEGAL_NAME'],
  }),
  address: field(text('Registered address', 300), {
    label: 'Registered address',
    group: 'legal',
    kind: 'long-text',
    env: ['STORE_ADDRESS'],
  }),
  gstin: field(
    z
      .string({ error: GSTIN_MESSAGE })
      .max(20, GSTIN_MESSAGE)
      .overwrite(normaliseGstin)
      .refine(isValidGstin, GSTIN_MESSAGE),
    { label: 'GSTIN', group: 'legal', kind: 'text', env: ['STORE_GSTIN'] },
  ),
  // The order-news channels checkout ticks until the shopper changes them.
  orderUpdateChannels: field(
    z
      .array(z.enum(NOTIFY_CHANNELS, { error: 'Order updates can be WhatsApp, SMS or e-mail' }), {
        error: 'Order updates must be a list of channels',
      })
      .max(NOTIFY_CHANNELS.length, 'Order updates can name each channel once')
      .refine((list) => new Set(list).size === list.length, 'Order updates can name each channel once'),
    {
      label: 'Order updates ticked at checkout',
      group: 'messages',
      kind: 'channels',
      options: NOTIFY_CHANNELS.map((value) => ({ value, label: NOTIFY_CHANNEL_LABELS[value] })),
      env: ['NOTIFY_DEFAULT_CHANNELS'],
      // Decision 0062: WhatsApp needs the shopper's own opt-in, so checkout never ticks it for them.
      hint: 'The shopper can change them before paying. WhatsApp is never ticked for them; a quote uses it',
    },
  ),
  // New paid orders, return requests and enquiries also reach the owner's WhatsApp.
  ownerWhatsApp: field(
    z
      .string({ error: OWNER_WHATSAPP_MESSAGE })
      .trim()
      .max(PHONE_INPUT_MAX, OWNER_WHATSAPP_MESSAGE)
      .overwrite((value) => (value === '' ? '' : normalisePhone(value)))
      .refine((value) => value === '' || isValidPhone(value), OWNER_WHATSAPP_MESSAGE),
    {
      label: "Owner's WhatsApp",
      group: 'messages',
      kind: 'phone',
      env: ['OWNER_NOTIFY_WHATSAPP'],
      hint: 'New orders, return requests and enquiries, as they happen; empty for e-mail only',
    },
  ),
  ownerNotify: field(z.enum(OWNER_NOTICE_MODES, { error: 'Choose how often you hear of new orders' }), {
    label: 'Tell me of new orders and requests',
    group: 'messages',
    kind: 'choice',
    options: OWNER_NOTICE_MODES.map((value) => ({ value, label: OWNER_NOTICE_MODE_LABELS[value] })),
    env: ['OWNER_NOTIFY'],
  }),
});
export type OwnerSettings = z.infer<typeof OwnerSettings>;
export type OwnerSettingKey = keyof OwnerSettings;

/** The form's fields in the schema's order, with how each is shown. */
export const OWNER_SETTING_FIELDS: { key: OwnerSettingKey; meta: SettingMeta }[] = Object.entries(
  OwnerSettings.shape,
).map(([key, schema]) => ({ key: key as OwnerSettingKey, meta: schema.meta() as SettingMeta }));

/** GET/PUT /admin/settings: the values in force, and the last changes (who, when, what). */
export const SettingsChange = z.object({
  at: z.string(),
  by: z.string(),
  changes: z.array(z.object({ key: z.string(), from: z.unknown(), to: z.unknown() })),
});
export type SettingsChange = z.infer<typeof SettingsChange>;

export const OwnerSettingsResponse = z.object({
  settings: OwnerSettings,
  /** False until the owner saves: the values are configuration's. */
  saved: z.boolean(),
  history: z.array(SettingsChange),
});
export type OwnerSettingsResponse = z.infer<typeof OwnerSettingsResponse>;
