import { PHONE_DIGITS } from '../../../shared/phone';

const linkClass = 'font-semibold text-brand-700 underline underline-offset-2';

/** A phone the owner can tap to call; a ten-digit Indian mobile is dialled with +91. */
export function PhoneLink({ phone }: { phone: string }) {
  const dialled = phone.replace(/[^\d+]/g, '');
  const href = /^\d+$/.test(dialled) && dialled.length === PHONE_DIGITS ? `+91${dialled}` : dialled;
  return (
    <a href={`tel:${href}`} className={linkClass}>
      {phone}
    </a>
  );
}

/** An e-mail the owner can tap to write to. */
export function EmailLink({ email }: { email: string }) {
  // An account made by phone (or the demo seed's reviewers) has no address to write to.
  if (!email) return null;
  return (
    <a href={`mailto:${email}`} className={`${linkClass} break-all`}>
      {email}
    </a>
  );
}
