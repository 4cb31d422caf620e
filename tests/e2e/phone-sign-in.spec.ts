import type { AdminMessages } from '../../src/shared/api/messaging';
import { formatInr } from '../../src/shared/money';
import { expect, test } from './support/fixtures';
import { confirmedOrder, moveOrder, pickProduct } from './support/store-api';

// Decision 0032: a guest with a gift in the cart signs up at checkout with a mobile number and the
// code the SMS sandbox "sent" (read as the owner reads it, on the Messages list), without leaving
// checkout, and the new address starts with the verified number. Then pays, and hears
// "order placed" on WhatsApp with the order number and the tracking link once shipped.

test('a guest signs in at checkout with a mobile number, pays, and follows the order on WhatsApp', async ({
  page,
  ownerToken,
}) => {
  test.setTimeout(120_000);
  const owner = { authorization: `Bearer ${ownerToken}` };
  const whatsAppTo = async (phone: string) => {
    const response = await page.request.get('/api/admin/messages', { headers: owner });
    return ((await response.json()) as AdminMessages).data.filter(
      (message) => message.to === phone && message.channel === 'whatsapp',
    );
  };
  const product = await pickProduct(page.request, 7);
  // A number of this run's own: 9 and nine digits.
  const phone = `9${String(Date.now()).slice(-9)}`;

  await page.goto(`/products?search=${encodeURIComponent(product.name)}`);
  await page.getByRole('button', { name: `Add ${product.name} to cart`, exact: true }).click();
  await expect(page.getByRole('group', { name: `Quantity of ${product.name} in cart` })).toBeVisible();

  await page.goto('/checkout');
  // Decision 0069: the sign-in pop-up leads with the mobile number, e-mail and password after it.
  const byPhone = page.getByRole('dialog', { name: 'Continue with mobile number' });
  await expect(byPhone.getByRole('textbox').first()).toHaveAccessibleName('Mobile number');
  await expect(byPhone.getByLabel('Email')).toHaveCount(0);
  await expect(byPhone.getByRole('button', { name: 'Sign in with e-mail and password' })).toBeVisible();
  await byPhone.getByLabel('Mobile number').fill(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`);
  await byPhone.getByRole('button', { name: 'Send code' }).click();
  await expect(byPhone.getByText(/We sent a 6-digit code by SMS to/)).toBeVisible();

  const messages = await page.request.get('/api/admin/messages', { headers: owner });
  const sent = ((await messages.json()) as AdminMessages).data.find(
    (message) => message.to === phone && message.template === 'otp',
  );
  expect(sent?.channel).toBe('sms');
  await byPhone.getByLabel('Code').fill(sent?.params[0] ?? '');
  await byPhone.getByRole('button', { name: 'Verify and continue' }).click();

  // A new number: the name, once.
  await byPhone.getByLabel('Full Name').fill('Kavya Menon');
  await byPhone.getByLabel('I am 18 or older').check();
  await byPhone.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Welcome, Kavya Menon')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);

  const addressForm = page.getByRole('dialog', { name: 'Add New Address' });
  await expect(addressForm.getByLabel('Phone Number')).toHaveValue(phone);
  await addressForm.getByLabel('Full Name').fill('Kavya Menon');
  await addressForm.getByLabel('Address').fill('14, 2nd Cross, Indiranagar');
  await addressForm.getByLabel('City').fill('Bengaluru');
  await addressForm.getByLabel('Postal Code').fill('560038');
  await addressForm.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByRole('radio', { name: /Kavya Menon/ })).toBeChecked();
  // Decision 0062: WhatsApp is never ticked for the shopper; they choose it.
  const whatsApp = page.getByRole('checkbox', { name: 'WhatsApp', exact: true });
  await expect(whatsApp).not.toBeChecked();
  await whatsApp.check();

  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Complete Your Payment' })).toBeVisible();
  const total = product.price + (product.price >= 1000 ? 0 : 50);
  await page.getByRole('button', { name: `Pay ${formatInr(total)}` }).click();
  const paymentWindow = page.getByTitle('Payment window').contentFrame();
  await expect(paymentWindow.getByLabel('Phone')).toHaveValue(phone);
  await paymentWindow.getByRole('radio', { name: 'UPI' }).check();
  await paymentWindow.getByLabel('UPI ID').fill('success@upi');
  await paymentWindow.getByRole('button', { name: `Pay ${formatInr(total)}` }).click();
  const { orderId, orderNumber } = await confirmedOrder(page);

  // WhatsApp, ticked by the shopper, goes to the verified number.
  await expect
    .poll(async () => (await whatsAppTo(phone)).find((message) => message.template === 'order_placed')?.text)
    .toContain(orderNumber);
  await moveOrder(page.request, ownerToken, orderId, ['confirmed', 'processing', 'packed', 'shipped']);
  await expect
    .poll(async () => (await whatsAppTo(phone)).find((message) => message.template === 'order_shipped')?.text)
    .toContain(`/track?orderNumber=${orderNumber}`);
});
