import { z } from 'zod';
import {
  type DeclarationOverridesValue,
  type DeclarationsValue,
  MAKER_ROLES,
  NET_UNITS,
} from './legal-metrology-terms';

export * from './legal-metrology-terms';

// Decision 0059: the checks of the Legal Metrology declarations (legal-metrology-terms.ts). A
// category holds the defaults of its products; a product overrides any of them. Stored as JSON on
// both rows and checked here at the API's edge.

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is text` })
    .trim()
    .min(1, `${label} cannot be blank`)
    .max(max, `${label} must be at most ${max} characters`);
const MONTH_RULE = 'Month of manufacture is a month like 2026-09';

/** Every declaration, as a product shows it; each is optional where rule 6 says "where applicable". */
export const Declarations = z.object({
  makerRole: z.enum(MAKER_ROLES, { error: `Maker is one of ${MAKER_ROLES.join(', ')}` }),
  makerName: text('Maker name', 200),
  makerAddress: text('Maker address', 400),
  countryOfOrigin: text('Country of origin', 60),
  genericName: text('Generic name', 120),
  netQuantity: z
    .number({ error: 'Net quantity is a number' })
    .positive('Net quantity must be more than 0')
    .max(1_000_000, 'Net quantity is too large'),
  netUnit: z.enum(NET_UNITS, { error: `Net quantity unit is one of ${NET_UNITS.join(', ')}` }),
  /** "12 × 12 × 8 cm"; rule 6(1)(c) where the size matters to the buyer. */
  dimensions: text('Dimensions', 100).nullable(),
  /** Food (hampers, mithai, chocolates): "Best before 6 months from packing". */
  bestBefore: text('Best before', 120).nullable(),
  /** YYYY-MM; the pack's month and year of manufacture where it applies. */
  manufacturedMonth: z
    .string()
    .max(7, MONTH_RULE)
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, MONTH_RULE)
    .nullable(),
}) satisfies z.ZodType<DeclarationsValue>;
export type Declarations = z.infer<typeof Declarations>;

/** What a category or a product sets of them: any subset (a product's overrides its category's). */
export const DeclarationOverrides =
  Declarations.partial().strict() satisfies z.ZodType<DeclarationOverridesValue>;
export type DeclarationOverrides = z.infer<typeof DeclarationOverrides>;
