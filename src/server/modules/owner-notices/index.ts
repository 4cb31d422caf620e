// The owner-notices module's public entry: telling the owner of paid orders, returns and enquiries.
export {
  createOwnerNotices,
  digestPeriodEnd,
  OWNER_BURST_NOTICES,
  OWNER_DIGEST_EVERY_MS,
  type OwnerNoticeChoice,
  type OwnerNoticeMode,
  type OwnerNotices,
} from './owner-notices';
