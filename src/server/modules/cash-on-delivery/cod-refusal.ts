import { type CodFacts, type CodRules, codRefusal } from '../../../shared/cash-on-delivery';
import type { Queryable } from '../../db/client';
import { contactOf } from '../auth';
import { openCodOrderOf } from '../orders';

/** What the rule asks of the order itself; the account's facts are read here. */
export type CodOrderFacts = Omit<CodFacts, 'phoneVerified' | 'openCodOrder'>;

/**
 * The account's side of the rule: whether its mobile was verified by a one-time code, and its COD
 * order still open (not yet delivered and paid, nor cancelled). Inside create-order's transaction
 * the account row is locked first, so two COD orders sent at once are judged one after the other.
 */
async function accountFacts(
  runner: Queryable,
  userId: number,
): Promise<Pick<CodFacts, 'phoneVerified' | 'openCodOrder'>> {
  const account = await contactOf(runner, userId);
  return {
    phoneVerified: Boolean(account?.phone && account.verified),
    // A phone is unique to one account (users.phone), so one open order per account with its
    // verified phone is one open order per verified phone.
    openCodOrder: await openCodOrderOf(runner, userId),
  };
}

/** Why this account's order may not be paid on delivery (shared codRefusal), or null. */
export async function cashOnDeliveryRefusal(
  runner: Queryable,
  rules: CodRules,
  userId: number,
  order: CodOrderFacts,
): Promise<string | null> {
  // The account is read only when the order itself passes: its facts are the last the rule checks.
  const orderOnly = codRefusal(rules, { ...order, phoneVerified: true, openCodOrder: null });
  if (orderOnly) return orderOnly;
  return codRefusal(rules, { ...order, ...(await accountFacts(runner, userId)) });
}
