import { GiftLinkRecipient, type GiftLinkRecipientRows } from '../../../shared/api/gift-links';
import {
  GIFT_LINK_LIST_MAX_ROWS,
  GIFT_LINK_LIST_MESSAGES,
  giftLinkRowProblem,
} from '../../../shared/gift-links';
import { GiftMessage } from '../../../shared/gift-options';
import { CsvError, parseCsv } from '../../csv';
import { invalid } from '../../errors';

type Recipient = GiftLinkRecipientRows['recipients'][number];

// A first line that names the columns (name, mobile/e-mail, message) is a header, not a recipient.
const isHeader = (cells: readonly string[]) => /^\s*(recipient'?s? )?name\s*$/i.test(cells[0] ?? '');

/** One row's recipient, or what is wrong with it, in the words the checkout's own form uses. */
function recipientOf(cells: readonly string[], row: number): Recipient | string {
  const [name = '', contact = '', ...rest] = cells.map((cell) => cell.trim());
  if (cells.length < 2) return GIFT_LINK_LIST_MESSAGES.columns;
  const byEmail = contact.includes('@');
  const recipient = GiftLinkRecipient.safeParse({
    name,
    ...(contact ? (byEmail ? { email: contact } : { phone: contact }) : {}),
  });
  if (!recipient.success) return recipient.error.issues[0]?.message ?? GIFT_LINK_LIST_MESSAGES.columns;
  // A message with commas may be left unquoted: the rest of the line is the message.
  const text = rest.join(', ').trim();
  const message = text ? GiftMessage.safeParse(text) : null;
  if (message && !message.success) return message.error.issues[0]?.message ?? GIFT_LINK_LIST_MESSAGES.columns;
  return {
    row,
    name: recipient.data.name,
    phone: recipient.data.phone ?? null,
    email: recipient.data.email ?? null,
    message: message?.data || null,
  };
}

/**
 * Decision 0081: many recipients in one checkout. Reads a CSV file's text or a pasted list (the
 * store's one CSV reader), one recipient a line, and checks every row before any payment: a list
 * with a bad row is refused whole, each bad row named ('Row 2: ...'), so the sender corrects them
 * all at once. Blank lines are skipped; at most GIFT_LINK_LIST_MAX_ROWS recipients.
 */
export function readRecipientList(list: string): GiftLinkRecipientRows {
  let records: string[][];
  try {
    records = parseCsv(list);
  } catch (error) {
    if (error instanceof CsvError) throw invalid(error.message, [{ path: 'list', message: error.message }]);
    throw error;
  }
  const lines = records.filter((cells) => cells.some((cell) => cell.trim() !== ''));
  const rows = lines.length > 0 && isHeader(lines[0] ?? []) ? lines.slice(1) : lines;
  if (rows.length === 0) {
    throw invalid(GIFT_LINK_LIST_MESSAGES.empty, [{ path: 'list', message: GIFT_LINK_LIST_MESSAGES.empty }]);
  }
  if (rows.length > GIFT_LINK_LIST_MAX_ROWS) {
    throw invalid(GIFT_LINK_LIST_MESSAGES.tooMany, [
      { path: 'list', message: GIFT_LINK_LIST_MESSAGES.tooMany },
    ]);
  }
  const read = rows.map((cells, index) => recipientOf(cells, index + 1));
  const problems = read.flatMap((answer, index) =>
    typeof answer === 'string'
      ? [{ path: `list.${index + 1}`, message: giftLinkRowProblem(index + 1, answer) }]
      : [],
  );
  if (problems.length > 0) throw invalid(GIFT_LINK_LIST_MESSAGES.badRows, problems);
  return { recipients: read.filter((answer): answer is Recipient => typeof answer !== 'string') };
}
