import type { AdminOutbox } from '../../src/shared/api/admin';
import { expect, test } from './support/fixtures';
import { verifyMobile } from './support/messages';
import { expectFitsAndPassesAxe as expectClean } from './support/page-layout';
import { payByUpi, pickProduct } from './support/store-api';

// Decision 0081 at 360 px: the sender checks out a gift link and pays; the recipient, signed out in
// a browser of their own, opens the link from its e-mail, gives a Bengaluru address and a midnight
// delivery; the sender's order page then says the address is given and when it arrives.

const aMobile = (prefix: string) => `${prefix}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

test('a gift link from checkout to the recipient’s midnight delivery, at 360 px', async ({
  browser,
  baseURL,
  request,
  ownerToken,
  newShopper,
}) => {
  const product = await pickProduct(request, 32, (candidate) => candidate.stock >= 5);
  const senderPhone = aMobile('97');
  const recipientPhone = aMobile('96');
  const recipientEmail = `kavya.${Date.now()}@example.com`;

  const { page: sender, token } = await newShopper('Asha Rao');
  // A link needs the sender's verified mobile (decision 0081).
  await verifyMobile(request, ownerToken, token, senderPhone);
  await sender.setViewportSize({ width: 360, height: 780 });
  await sender.goto(`/products?search=${encodeURIComponent(product.name)}`);
  await sender.getByRole('button', { name: `Add ${product.name} to cart`, exact: true }).click();
  await sender.goto('/checkout');
  await sender.getByRole('radio', { name: 'Send as a gift link' }).check();
  await sender.getByLabel("Recipient's name").fill('Kavya Reddy');
  await sender.getByLabel("Or the recipient's e-mail").fill(recipientEmail);
  await sender.getByLabel(/Your message/).fill('Happy birthday, Kavya!');
  await sender.getByRole('checkbox', { name: /Standard or same-day/ }).check();
  await sender.getByRole('checkbox', { name: /Midnight delivery/ }).check();
  await expectClean(sender);
  const pay = sender.getByRole('button', { name: /for the gift link$/ });
  const total = Number(((await pay.textContent()) ?? '').replace(/[^0-9.]/g, ''));
  await pay.click();
  await expect(sender).toHaveURL(/\/payment\?order=/);
  const orderId = new URL(sender.url()).searchParams.get('order') ?? '';
  await payByUpi(sender, total);
  await expect(sender.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();

  // The recipient's link, from the mail the store queued to them (the outbox, as the owner reads it).
  const outbox = await request.get('/api/admin/outbox', {
    headers: { authorization: `Bearer ${ownerToken}` },
  });
  const mail = ((await outbox.json()) as AdminOutbox).data.find((row) => row.recipient === recipientEmail);
  const link = mail?.text.match(/\/gift\/[A-Za-z0-9_-]+/)?.[0] ?? '';
  expect(link).not.toBe('');

  const recipientContext = await browser.newContext({ baseURL, viewport: { width: 360, height: 780 } });
  try {
    const recipient = await recipientContext.newPage();
    await recipient.goto(link);
    await expect(recipient.getByText('Asha Rao sent you a gift.')).toBeVisible();
    await recipient.getByLabel('Pincode').fill('560001');
    await expect(recipient.getByLabel('City')).toHaveValue('Bengaluru');
    await recipient.getByLabel('House, flat, building and street').fill('Flat 4B, Prestige Lakeside');
    await recipient.getByLabel('Landmark (optional)').fill('opposite Forum Mall');
    await recipient.getByLabel('Your mobile number (for the courier)').fill(recipientPhone);
    // The first day offered after "Earliest available", then its midnight slot.
    await recipient.getByRole('radio').nth(1).check();
    await recipient.getByRole('radio', { name: /^Midnight delivery/ }).check();
    await expectClean(recipient);
    await recipient.getByRole('button', { name: 'Confirm delivery' }).click();
    await expect(recipient.getByText(/Your gift is arriving .* Midnight delivery/)).toBeVisible();
  } finally {
    await recipientContext.close();
  }

  await sender.goto(`/order-confirmation/${orderId}`);
  await expect(sender.getByText(/Address given, arriving .*Midnight delivery/)).toBeVisible();
  await expect(sender.getByText('Flat 4B, Prestige Lakeside')).toHaveCount(0);
});
