import { BRAND_COLOUR } from '../../../shared/brand';
import { formatIndiaDateTime } from '../../../shared/india-time';
import type { StoreIdentity } from '../../store-identity';
import { mailStyles, Paragraphs, renderMailHtml } from './mail-layout';
import type { OutgoingMail } from './mail-outbox';

/** Something the owner should hear of: one line, and where in the back office to act on it. */
export type OwnerNotice = {
  kind: 'paid-order' | 'cod-order' | 'return-request' | 'bulk-enquiry' | 'complaint' | 'gift-link-flag';
  summary: string;
  /** Absolute: the back-office page for it. */
  link: string;
};

const ONE: Record<OwnerNotice['kind'], string> = {
  'paid-order': 'new paid order',
  'cod-order': 'new cash on delivery order',
  'return-request': 'return request',
  'bulk-enquiry': 'bulk enquiry',
  complaint: 'complaint',
  'gift-link-flag': 'gift link opened from many devices',
};

const KIND_LABELS: Record<OwnerNotice['kind'], string> = {
  'paid-order': 'New paid orders',
  'cod-order': 'New cash on delivery orders',
  'return-request': 'Return requests',
  'bulk-enquiry': 'Bulk enquiries',
  complaint: 'Complaints',
  'gift-link-flag': 'Gift links opened from many devices',
};

/**
 * One notice as its own mail (OWNER_NOTIFY=immediate). `details` replaces the one line when the
 * event has more to say (a bulk enquiry's contact and needs).
 */
export function ownerNoticeMail(
  notice: OwnerNotice,
  recipient: string,
  store: StoreIdentity,
  details?: { subject: string; text: string },
): OutgoingMail {
  const text = details?.text ?? [notice.summary, '', `Open it in the back office: ${notice.link}`].join('\n');
  return {
    recipient,
    subject: details?.subject ?? notice.summary,
    text,
    html: renderMailHtml(
      {
        store,
        preview: notice.summary,
        heading: details?.subject ?? notice.summary,
        action: { label: 'Open in the back office', href: notice.link },
      },
      <Paragraphs text={text.replace(/\n\n(Open it|Work on it) in the back office: \S+$/, '')} />,
    ),
    kind: `owner-${notice.kind}`,
  };
}

/** The hour's or the day's notices in one mail (OWNER_NOTIFY=hourly|daily), grouped by kind. */
export function ownerDigestMail(
  notices: readonly (OwnerNotice & { id: number; createdAt: Date })[],
  periodEnd: Date,
  recipient: string,
  adminUrl: string,
  store: StoreIdentity,
): OutgoingMail {
  const groups = (Object.keys(KIND_LABELS) as OwnerNotice['kind'][])
    .map((kind) => ({ kind, items: notices.filter((notice) => notice.kind === kind) }))
    .filter((group) => group.items.length > 0);
  const counts = groups.map(
    (group) =>
      `${group.items.length} ${group.items.length === 1 ? ONE[group.kind] : KIND_LABELS[group.kind].toLowerCase()}`,
  );
  const subject = `${store.storeName} digest to ${formatIndiaDateTime(periodEnd)}: ${counts.join(', ')}`;
  const intro = `What happened at ${store.storeName} up to ${formatIndiaDateTime(periodEnd)}:`;
  const text = [
    intro,
    ...groups.flatMap((group) => [
      '',
      `${KIND_LABELS[group.kind]} (${group.items.length}):`,
      ...group.items.map(
        (notice) => `  ${formatIndiaDateTime(notice.createdAt)}  ${notice.summary}: ${notice.link}`,
      ),
    ]),
    '',
    `The back office: ${adminUrl}`,
  ].join('\n');
  return {
    recipient,
    subject,
    text,
    html: renderMailHtml(
      {
        store,
        preview: counts.join(', '),
        heading: `Your digest: ${counts.join(', ')}`,
        action: { label: 'Open the back office', href: adminUrl },
      },
      <div>
        <p style={mailStyles.text}>{intro}</p>
        {groups.map((group) => (
          <div key={group.kind}>
            <p style={{ ...mailStyles.text, fontWeight: 700, margin: '0 0 6px' }}>
              {KIND_LABELS[group.kind]} ({group.items.length})
            </p>
            <ul style={{ ...mailStyles.text, paddingLeft: '20px' }}>
              {group.items.map((notice) => (
                <li key={notice.id} style={{ margin: '0 0 6px' }}>
                  {formatIndiaDateTime(notice.createdAt)}:{' '}
                  <a href={notice.link} style={{ color: BRAND_COLOUR }}>
                    {notice.summary}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>,
    ),
    kind: 'owner-digest',
  };
}
