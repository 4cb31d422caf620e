/**
 * Meta's Graph API versions (WhatsApp Cloud API) and the day Meta stops answering each, from
 * https://developers.facebook.com/docs/graph-api/changelog/versions/ (read 2026-12-06). The
 * default of WHATSAPP_API_VERSION and the start-up warning before a retirement both read this
 * table: add a row when Meta publishes a version, fill in a date when Meta sets one.
 */
export const GRAPH_API_VERSIONS: readonly { version: string; retires: string | null }[] = [
  { version: 'v19.0', retires: '2026-05-21' },
  { version: 'v20.0', retires: '2026-09-24' },
  { version: 'v21.0', retires: '2027-01-21' },
  { version: 'v22.0', retires: '2027-05-20' },
  { version: 'v23.0', retires: '2027-10-08' },
  { version: 'v24.0', retires: '2028-02-18' },
  { version: 'v25.0', retires: '2028-07-29' },
  { version: 'v26.0', retires: null },
];

/** The newest version: the default, so a new store starts on the longest-lived one. */
export const CURRENT_GRAPH_API_VERSION = GRAPH_API_VERSIONS.at(-1)?.version ?? 'v26.0';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long before a retirement the store starts warning: time to test and change one setting. */
export const RETIREMENT_WARNING_DAYS = 30;

/**
 * A warning when the configured version retires within RETIREMENT_WARNING_DAYS of `now` or has
 * retired; null while it has longer, or for a version the table does not know (a newer one).
 */
export function graphApiRetirementWarning(version: string, now: Date): string | null {
  const retires = GRAPH_API_VERSIONS.find((row) => row.version === version)?.retires;
  if (!retires) return null;
  const retirement = new Date(`${retires}T00:00:00Z`);
  const advice = `Set WHATSAPP_API_VERSION=${CURRENT_GRAPH_API_VERSION} (or leave it unset for the default).`;
  if (now.getTime() >= retirement.getTime())
    return `Warning: Meta retired Graph API ${version} on ${retires}; WhatsApp messages sent with WHATSAPP_API_VERSION=${version} fail. ${advice}`;
  if (retirement.getTime() - now.getTime() <= RETIREMENT_WARNING_DAYS * DAY_MS)
    return `Warning: Meta retires Graph API ${version} on ${retires}; after that WhatsApp messages sent with WHATSAPP_API_VERSION=${version} fail. ${advice}`;
  return null;
}
