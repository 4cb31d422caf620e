import type { Category } from '../../src/shared/api/catalog';
import type { ContributeResponse, OpenGroupGiftResponse } from '../../src/shared/api/group-gifts';
import { addDays, indiaDateOf } from '../../src/shared/india-time';
import { expect, test } from './support/fixtures';
import { verifyMobile } from './support/messages';
import { expectFitsAndPassesAxe as expectClean } from './support/page-layout';
import { DELIVERY_ADDRESS, paidOrder, sandboxPaid } from './support/store-api';

// Decision 0084 at 360 px: a pool met just as its gift sold out waits for its organiser, who reads
// what was collected and the time to choose by, picks another gift from those the server offers
// (the difference back to the friends) and finds the order in My Orders.

const aMobile = (prefix: string) => `${prefix}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

test('a group gift whose gift sold out as it was met: the organiser chooses another at 360 px', async ({
  request,
  ownerToken,
  newShopper,
}) => {
  const owner = { authorization: `Bearer ${ownerToken}` };
  const [category] = (await (await request.get('/api/categories')).json()) as Category[];
  // Prices no seeded gift has (they end as shops price them), so the other gift is the dearest that fits.
  const newProduct = async (name: string, price: number, stock: number) => {
    const created = await request.post('/api/admin/products', {
      headers: owner,
      data: {
        name,
        description: `${name}, for a group gift.`,
        price,
        mrp: price,
        categoryId: category?.id,
        stock,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    return ((await created.json()) as { product: { id: number; price: number } }).product;
  };
  const panel = await newProduct('Pattachitra Panel for a Farewell', 2777, 1);
  await newProduct('Dhokra Brass Elephant Pair', 2776, 3);

  const { page: organiser, token: organiserToken } = await newShopper('Anita Desai', { address: false });
  await verifyMobile(request, ownerToken, organiserToken, aMobile('97'));
  const opened = await request.post('/api/group-gifts', {
    headers: { authorization: `Bearer ${organiserToken}` },
    data: {
      items: [{ productId: panel.id, quantity: 1 }],
      totalAmount: 2777,
      shippingAddress: DELIVERY_ADDRESS,
      recipientName: 'Meera Nair',
      closesOn: addDays(indiaDateOf(new Date()), 7),
    },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const { token, path } = (await opened.json()) as OpenGroupGiftResponse;

  const chipIn = async (name: string, amount: number) => {
    const { token: friendToken } = await newShopper(name, { address: false });
    await verifyMobile(request, ownerToken, friendToken, aMobile('96'));
    const headers = { authorization: `Bearer ${friendToken}` };
    const started = await request.post(`/api/group-gifts/${token}/contributions`, {
      headers,
      data: { amount },
    });
    expect(started.status(), await started.text()).toBe(200);
    const share = (await started.json()) as ContributeResponse;
    const paid = await request.post(
      `/api/group-gifts/${token}/contributions/${share.contributionId}/verify`,
      {
        headers,
        data: sandboxPaid(share.order.id),
      },
    );
    expect(paid.status(), await paid.text()).toBe(200);
  };
  await chipIn('Ravi Kumar', 1500);
  // The panel's one piece goes to another shopper before the last share.
  const { token: buyer } = await newShopper('Kiran Rao', { address: false });
  await paidOrder(request, buyer, [panel]);
  await chipIn('Sara Thomas', 1277);

  await organiser.setViewportSize({ width: 360, height: 780 });
  await organiser.goto(path);
  await expect(
    organiser.getByText(
      /^The gift sold out just as everyone chipped in\. Choose another gift up to ₹2,777 by /,
    ),
  ).toBeVisible();
  const elephants = organiser.getByRole('radio', {
    name: 'Dhokra Brass Elephant Pair, ₹2,776 (₹1 back to the friends)',
  });
  await expect(elephants).not.toBeChecked();
  await expect(organiser.getByRole('button', { name: 'Refund everyone' })).toBeVisible();
  await expectClean(organiser);
  await elephants.check();
  await organiser.getByRole('button', { name: 'Order this gift instead' }).click();
  await expect(organiser.getByText('Everyone chipped in: the gift is ordered.')).toBeVisible();
  await expect(organiser.getByText('Dhokra Brass Elephant Pair')).toBeVisible();
  const orderLink = organiser.getByRole('link', { name: /^Order .+ in My Orders$/ });
  const orderNumber = ((await orderLink.textContent()) ?? '').replace(/^Order | in My Orders$/g, '');
  await expectClean(organiser);

  await orderLink.click();
  await expect(organiser.getByText(orderNumber)).toBeVisible();
});
