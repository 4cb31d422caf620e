import { expect, test } from './support/fixtures';
import { mailsAbout, verifyMobile, whatsAppTo } from './support/messages';
import { confirmedOrder, moveOrder, PAID_TO_DELIVERED, payByUpi, pickProduct } from './support/store-api';

// Decision 0069: a gift order keeps its buyer informed. Ticking "This is a gift" changes nothing
// about the buyer's own order news: WhatsApp goes to their verified mobile when the gift is
// placed, shipped and delivered. Decision 0068: the order's one delivery promise is the same on
// its page, on My Orders and in its mail.

test('a buyer pays a gift order and hears on WhatsApp that it was placed, shipped and delivered', async ({
  request,
  newShopper,
  ownerToken,
}) => {
  test.setTimeout(120_000);
  const product = await pickProduct(request, 45, (candidate) => candidate.stock >= 5);
  const total = product.price + (product.price >= 1000 ? 0 : 50);
  const phone = `8${String(Date.now()).slice(-9)}`;

  const { page: buyer, token } = await newShopper('Kabir Shah');
  await verifyMobile(request, ownerToken, token, phone);
  await buyer.goto(`/products?search=${encodeURIComponent(product.name)}`);
  await buyer.getByRole('button', { name: `Add ${product.name} to cart`, exact: true }).click();
  await buyer.goto('/checkout');
  await buyer.getByRole('checkbox', { name: 'This is a gift' }).check();
  await buyer.getByRole('textbox', { name: 'Gift message' }).fill('Happy birthday, Nisha! Love, Kabir');
  await buyer.getByRole('checkbox', { name: 'WhatsApp', exact: true }).check();
  // The buyer's own number, named; no empty field asking for it.
  await expect(buyer.getByText(`WhatsApp and SMS go to your verified mobile, ${phone}.`)).toBeVisible();
  await expect(buyer.getByRole('textbox', { name: /your mobile/i })).toHaveCount(0);
  await buyer.getByRole('button', { name: 'Proceed to Payment' }).click();
  await payByUpi(buyer, total);

  const { orderId, orderNumber } = await confirmedOrder(buyer);
  const promiseOnPage = buyer.getByText(/^Expected delivery by \d{1,2} [A-Z][a-z]{2} \d{4} to /);
  await expect(promiseOnPage).toBeVisible();
  const promise = (await promiseOnPage.textContent()) ?? '';

  // The same promise on My Orders and in the confirmation mail.
  await buyer.goto('/orders');
  await expect(buyer.getByRole('article', { name: `Order ${orderNumber}` })).toContainText(promise);
  await expect
    .poll(async () =>
      (await mailsAbout(request, ownerToken, orderNumber)).map((mail) => mail.text).join('\n'),
    )
    .toContain(promise);

  // The worker sends within its 15-second turn.
  const templates = async () =>
    (await whatsAppTo(request, ownerToken, phone)).map((message) => message.template);
  await expect.poll(templates, { timeout: 40_000 }).toContain('order_placed');
  const [placed] = await whatsAppTo(request, ownerToken, phone);
  expect(placed?.text).toContain(orderNumber);

  await moveOrder(request, ownerToken, orderId, PAID_TO_DELIVERED);
  await expect
    .poll(templates, { timeout: 40_000 })
    .toEqual(expect.arrayContaining(['order_placed', 'order_shipped', 'order_delivered']));
  const shipped = (await whatsAppTo(request, ownerToken, phone)).find(
    (message) => message.template === 'order_shipped',
  );
  expect(shipped?.text).toContain(`/track?orderNumber=${orderNumber}`);
});
