import type { StoreIdentity } from '../../store-identity';
import { mailStyles, renderMailHtml } from './mail-layout';
import type { OutgoingMail } from './mail-outbox';

/** An invitation to the back office: who invites, with which role, and the one-time link. */
export function staffInviteMail(
  invite: {
    recipient: string;
    invitedBy: string;
    staffRole: string;
    /** Absolute: the page where the invitee sets a password. */
    link: string;
    /** The last day the link works, as people read it. */
    until: string;
  },
  store: StoreIdentity,
): OutgoingMail {
  const invites = `${invite.invitedBy} invites you to ${store.storeName}'s back office with the ${invite.staffRole} role.`;
  const text = [
    invites,
    `Set your password here (the link works once, until ${invite.until}):`,
    invite.link,
  ].join('\n\n');
  const html = renderMailHtml(
    {
      store,
      preview: invites,
      heading: `You are invited to ${store.storeName}'s back office`,
      action: { label: 'Set your password', href: invite.link },
    },
    <>
      <p style={mailStyles.text}>{invites}</p>
      <p style={mailStyles.small}>The link works once, until {invite.until}.</p>
    </>,
  );
  return {
    recipient: invite.recipient,
    subject: `You are invited to ${store.storeName}'s back office`,
    text,
    html,
    kind: 'staff-invite',
  };
}
