import { createPoolContributions } from './contribute';
import { createPoolMeeting } from './meet-pool';
import { createPoolOpening } from './open-pool';
import { createOwnersPools } from './owners-pools';
import { createPoolRecords, type GroupGiftDeps } from './pool-records';
import { createPoolSettling } from './settle-pool';
import { createShareRefunds } from './share-refunds';

export type GroupGiftService = ReturnType<typeof createGroupGiftService>;

/**
 * Decision 0084: a group gift. The organiser opens a pool for one order (priced and checked for
 * delivery when it opens, holding no stock); friends signed in by a one-time code pay shares into
 * that order's ledger through the payment provider, each confirmed only by the provider's
 * signature or webhook. The pool's row lock orders the confirmations: the one that meets the total
 * places the order (its stock taken then, the organiser its buyer of record); what any share paid
 * beyond the total goes back at once. Short at its deadline, the organiser may top up for a while;
 * then, or when the organiser closes it, every share goes back once through the ledger. Each of
 * these jobs has its file (open, contribute, settle, the owner's list) over the pool's records.
 */
export function createGroupGiftService(deps: GroupGiftDeps) {
  const records = createPoolRecords(deps);
  const shareRefunds = createShareRefunds(deps, records);
  const { placeMet, awaitChoice, ...choosing } = createPoolMeeting(deps, records, shareRefunds);
  return {
    ...createPoolOpening(deps, records),
    ...createPoolContributions(deps, records, shareRefunds, { placeMet, awaitChoice }),
    ...choosing,
    ...createPoolSettling(deps, records),
    ...createOwnersPools(deps),
  };
}
