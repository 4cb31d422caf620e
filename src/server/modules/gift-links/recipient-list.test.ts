import { describe, expect, it } from 'vitest';
import type { GiftLinkRecipientRows } from '../../../shared/api/gift-links';
import { GIFT_LINK_LIST_MAX_ROWS, GIFT_LINK_LIST_MESSAGES } from '../../../shared/gift-links';
import { setUpTestStore } from '../../testing/test-store';

// Decision 0081: many recipients in one checkout, each row checked before payment.

const store = setUpTestStore({ env: { BACKGROUND_JOBS: 'false' }, customer: true });

const check = (list: string, headers = store.customer.headers) =>
  store.app.inject({ method: 'POST', url: '/api/gift-links/recipients', headers, payload: { list } });

describe("a list of a gift link's recipients", () => {
  it('refuses a 3-row CSV with one bad phone, naming row 2', async () => {
    const response = await check(
      'Kavya Reddy,98450 12345,Happy Diwali!\nArjun Mehta,12345,Happy Diwali!\nMeera Iyer,meera@example.com,\n',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: GIFT_LINK_LIST_MESSAGES.badRows,
      errors: [{ path: 'list.2', message: 'Row 2: Please enter a valid 10-digit mobile number' }],
    });
  });

  it('reads a header, quoted messages with commas, e-mails and blank lines, and numbers the rows', async () => {
    const response = await check(
      'Name,Mobile or e-mail,Message\r\n"Kavya Reddy",+91 98450 12345,"Happy Diwali, Kavya!"\r\n\r\nMeera Iyer,Meera@Example.com\r\n',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<GiftLinkRecipientRows>().recipients).toEqual([
      { row: 1, name: 'Kavya Reddy', phone: '9845012345', email: null, message: 'Happy Diwali, Kavya!' },
      { row: 2, name: 'Meera Iyer', phone: null, email: 'meera@example.com', message: null },
    ]);
  });

  it('names every bad row at once, and refuses an empty list and one over the limit', async () => {
    const bad = await check('Kavya Reddy\n,9845012345\nArjun Mehta,arjun@\n');
    expect(bad.json().errors).toEqual([
      { path: 'list.1', message: `Row 1: ${GIFT_LINK_LIST_MESSAGES.columns}` },
      { path: 'list.2', message: "Row 2: Please give the recipient's name" },
      { path: 'list.3', message: 'Row 3: Please enter a valid e-mail for the recipient' },
    ]);
    const empty = await check('\n\n');
    expect([empty.statusCode, empty.json().message]).toEqual([400, GIFT_LINK_LIST_MESSAGES.empty]);
    const rows = Array.from(
      { length: GIFT_LINK_LIST_MAX_ROWS + 1 },
      (_, index) => `Guest ${String.fromCharCode(65 + (index % 26))},guest${index}@example.com`,
    );
    const tooMany = await check(rows.join('\n'));
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([400, GIFT_LINK_LIST_MESSAGES.tooMany]);
    const enough = await check(rows.slice(1).join('\n'));
    expect(enough.json<GiftLinkRecipientRows>().recipients).toHaveLength(GIFT_LINK_LIST_MAX_ROWS);
  });

  it('is for signed-in senders only', async () => {
    const response = await store.app.inject({
      method: 'POST',
      url: '/api/gift-links/recipients',
      payload: { list: 'Kavya Reddy,9845012345' },
    });
    expect(response.statusCode).toBe(401);
  });
});
