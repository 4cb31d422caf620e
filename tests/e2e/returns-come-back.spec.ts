import { formatInr } from '../../src/shared/money';
import { expect, test } from './support/fixtures';
import { keepPicture } from './support/pictures';
import { DELIVERY_ADDRESS, moveOrder, PAID_TO_DELIVERED, paidOrder, pickProduct } from './support/store-api';

// Decision 0066: the owner's return screens. Approving a return books the courier's reverse pickup
// (the sandbox courier, sped up, brings it back by itself); the refund is made when the owner marks
// the items received and checked, and every dialog says what happens to the money and when.

// Each width's journey makes its own order and waits on the sandbox courier's clock most of its
// time, with nothing left behind for the other: they run on two workers at once, not one after
// the other at the end of the run.
test.describe.configure({ mode: 'parallel' });

for (const [width, height, index] of [
  [1366, 900, 24],
  [360, 780, 25],
] as const) {
  test(`at ${width} px the owner approves a return, sees its pickup come back, marks it received and it is refunded`, async ({
    request,
    ownerToken,
    ownerPage: owner,
    newShopper,
  }) => {
    const product = await pickProduct(request, index);
    const { token } = await newShopper(`Joseph Khan ${width}`, { address: false });
    const order = await paidOrder(request, token, [product]);
    await moveOrder(request, ownerToken, order.orderId, PAID_TO_DELIVERED);
    const asked = await request.post(`/api/orders/${order.orderId}/returns`, {
      headers: { authorization: `Bearer ${token}` },
      data: { items: [{ productId: product.id, quantity: 1 }], reason: 'The lid arrived cracked' },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    const amount = formatInr(product.price);
    // The back office names the customer as the delivery address does.
    const name = DELIVERY_ADDRESS.fullName;

    await owner.setViewportSize({ width, height });
    await owner.goto('/admin/returns');
    const card = owner.getByRole('listitem', { name: `Return of order ${order.orderNumber}` });
    await expect(card).toContainText('The lid arrived cracked');
    await card.getByRole('button', { name: 'Approve return' }).click();
    const approve = owner.getByRole('alertdialog', {
      name: `Approve the return of order ${order.orderNumber}?`,
    });
    await expect(approve).toContainText(
      `The courier will collect the items from ${name}. ${amount} goes back to ${name}'s original payment when you mark the items received and checked.`,
    );
    await keepPicture(owner, `return-approve-${width}.png`);
    await approve.getByRole('button', { name: 'Approve return' }).click();
    await expect(card).toHaveCount(0);

    // Approved: the pickup is booked, the money waits.
    await owner.getByRole('button', { name: 'Approved' }).click();
    const approved = owner.getByRole('listitem', { name: `Return of order ${order.orderNumber}` });
    await expect(approved).toContainText(
      `Approved: ${amount} to refund once the items are received and checked`,
    );
    await expect(approved).toContainText(/Reverse pickup: Utsav Sandbox Express, AWB SBX[A-Z0-9]{14}/);
    await keepPicture(owner, `return-pickup-booked-${width}.png`, { fullPage: true });

    // The sandbox courier collects it and brings it back to the store (its clock runs fast).
    await expect(async () => {
      await owner.reload();
      // The page opens on the returns to review again.
      await owner.getByRole('button', { name: 'Approved' }).click();
      await expect(
        owner.getByRole('listitem', { name: `Return of order ${order.orderNumber}` }),
      ).toContainText('delivered back to you', { timeout: 2000 });
    }).toPass({ timeout: 30_000 });

    await approved.getByRole('button', { name: 'Mark received and checked' }).click();
    const received = owner.getByRole('alertdialog', {
      name: `Mark the return of order ${order.orderNumber} received and checked?`,
    });
    await expect(received).toContainText(
      `The items go back into stock. ${amount} goes back to ${name}'s original payment now`,
    );
    await keepPicture(owner, `return-received-${width}.png`);
    await received.getByRole('button', { name: 'Mark received' }).click();
    await expect(approved).toContainText(`Approved: ${amount} refunded`);
    await expect(approved).toContainText('Received and checked');
    await keepPicture(owner, `return-refunded-${width}.png`, { fullPage: true });

    // The customer's order page says the same.
    const mine = (await (
      await request.get(`/api/orders/${order.orderId}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { status: string; returns: { refundReleasedAt: string | null }[] };
    expect(mine.status).toBe('returned');
    expect(mine.returns[0]?.refundReleasedAt).not.toBeNull();
  });
}
