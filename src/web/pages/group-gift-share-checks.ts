import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ContributePayload } from '../../shared/api/group-gifts';

// "Chip in": the server's ContributePayload on the share the form would send; the owner's bounds
// of a share are the pool's, checked at the submit (group-gift-page.tsx). Loaded at the form's
// first focus (decision 0088).

export type ShareValues = { amount: string; named: boolean; shownName: string; note: string };

/** The share as sent: a name only when they chose to be named, a note only when written. */
export const shareSent = ({ amount, named, shownName, note }: ShareValues) => ({
  amount: Number(amount),
  ...(named && shownName.trim() ? { shownName } : {}),
  ...(note.trim() ? { note } : {}),
});

const ShareForm = z.custom<ShareValues>().transform(shareSent).pipe(ContributePayload);

export const checkShare = zodResolver(ShareForm);
