import { formatIndiaDateTime } from '../../../shared/india-time';
import { absoluteUrl, type StoreIdentity } from '../../store-identity';
import { Paragraphs, renderMailHtml } from './mail-layout';
import type { OutgoingMail } from './mail-outbox';

/** What a complaint's mails say of it. */
export type MailComplaint = {
  ticket: string;
  subject: string;
  email: string;
  orderNumber: string | null;
  acknowledgeBy: Date;
  resolveBy: Date;
};

function complaintMail(
  complaint: MailComplaint,
  store: StoreIdentity,
  { kind, heading, text }: { kind: string; heading: string; text: string },
): OutgoingMail {
  const contactPage = absoluteUrl(store, '/contact');
  return {
    recipient: complaint.email,
    subject: `${heading}: ticket ${complaint.ticket}`,
    text: `${text}\n\nSee where it stands on ${contactPage} with your ticket number.`,
    html: renderMailHtml(
      {
        store,
        preview: `${heading}: ticket ${complaint.ticket}`,
        heading: `${heading}: ticket ${complaint.ticket}`,
        action: { label: 'See where it stands', href: contactPage },
      },
      <Paragraphs text={text} />,
    ),
    kind,
  };
}

/**
 * Rule 4(5) and 7(1)(f) of the E-Commerce Rules: the ticket and when the customer will hear, sent
 * as the complaint is stored (decision 0061).
 */
export function complaintReceivedMail(complaint: MailComplaint, store: StoreIdentity): OutgoingMail {
  const officer = store.grievanceOfficer;
  return complaintMail(complaint, store, {
    kind: 'complaint-received',
    heading: 'We have your complaint',
    text: [
      `Thank you for telling us. Your complaint “${complaint.subject}”${
        complaint.orderNumber ? ` about order ${complaint.orderNumber}` : ''
      } has the ticket number ${complaint.ticket}.`,
      `Our Grievance Officer will acknowledge it by ${formatIndiaDateTime(complaint.acknowledgeBy)} and resolve it by ${formatIndiaDateTime(complaint.resolveBy)} at the latest.`,
      `${officer.name}, ${officer.designation}\n${officer.email} · ${officer.phone}`,
    ].join('\n\n'),
  });
}

/** The Grievance Officer has read it, with their note when they wrote one. */
export function complaintAcknowledgedMail(
  complaint: MailComplaint,
  note: string | null,
  store: StoreIdentity,
): OutgoingMail {
  return complaintMail(complaint, store, {
    kind: 'complaint-acknowledged',
    heading: 'We are looking into your complaint',
    text: [
      `Our team has read your complaint “${complaint.subject}” (ticket ${complaint.ticket}) and is working on it.`,
      ...(note ? [note] : []),
      `We will resolve it by ${formatIndiaDateTime(complaint.resolveBy)} at the latest.`,
    ].join('\n\n'),
  });
}

/** How it was resolved, in the Grievance Officer's words. */
export function complaintResolvedMail(
  complaint: MailComplaint,
  resolution: string,
  store: StoreIdentity,
): OutgoingMail {
  const officer = store.grievanceOfficer;
  return complaintMail(complaint, store, {
    kind: 'complaint-resolved',
    heading: 'Your complaint is resolved',
    text: [
      `We have resolved your complaint “${complaint.subject}” (ticket ${complaint.ticket}):`,
      resolution,
      `Not satisfied? Write to our Grievance Officer, ${officer.name} (${officer.designation}), at ${officer.email} with your ticket number.`,
    ].join('\n\n'),
  });
}
