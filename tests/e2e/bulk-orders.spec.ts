import type { ProductList } from '../../src/shared/api/catalog';
import { openAdminSection } from './support/admin-nav';
import { appStarted } from './support/app-start';
import { axeOn } from './support/axe';
import { expect, test } from './support/fixtures';
import { overflowProblems } from './support/page-layout';

// Bulk and corporate orders: from the home page's promise to the owner's list.

/** A date some days ahead, as the date field takes it (YYYY-MM-DD, India time). */
const daysAhead = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });

test('a shopper asks for a bulk quote from home and the owner works the enquiry', async ({
  page,
  ownerPage: admin,
}) => {
  const occasion = `Riya's birthday ${Date.now()}`;
  await page.goto('/');
  await page.getByRole('link', { name: 'Ask for a bulk quote' }).click();
  await expect(page).toHaveURL(/\/bulk-orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk and corporate orders' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Bulk order enquiry' });
  await form.getByLabel('Occasion').fill(occasion);
  await form.getByLabel('Products or budget').fill('Stationery kits, about ₹150 each');
  await form.getByLabel('Quantity (pieces)').fill('12');
  await form.getByLabel('Needed by').fill(daysAhead(10));
  await form.getByLabel('Name', { exact: true }).fill('Kavya Rao');
  await form.getByLabel('Phone').fill('98450 1234');
  await form.getByLabel('Email').fill('kavya.rao@example.com');
  await form.getByRole('button', { name: 'Send enquiry' }).click();
  // The form's own rules answer first, under each field, and nothing is sent.
  await expect(form.getByText('Bulk orders start at 20 pieces')).toBeVisible();
  await expect(form.getByText('Please enter a valid 10-digit phone number')).toBeVisible();

  await form.getByLabel('Quantity (pieces)').fill('75');
  await form.getByLabel('Phone').fill('+91 98450 12345');
  await form.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(page.getByRole('heading', { name: 'Enquiry sent' })).toBeVisible();
  await expect(
    page.getByText('Thank you! Our gifting team will call you within one working day with a quote.'),
  ).toBeVisible();

  await admin.goto('/admin');
  await openAdminSection(admin, 'Bulk enquiries');
  const card = admin.getByRole('article', { name: new RegExp(`${occasion} · 75 pieces`) });
  await expect(card).toContainText('Kavya Rao');
  await expect(card.getByRole('link', { name: '9845012345' })).toHaveAttribute('href', 'tel:+919845012345');
  await card.getByLabel('Status').selectOption({ label: 'Contacted' });
  await card.getByLabel('Note').fill('Called, sending samples');
  await card.getByRole('button', { name: 'Save' }).click();

  await admin.getByLabel('Show').selectOption({ label: 'Contacted' });
  const contacted = admin.getByRole('article', { name: new RegExp(occasion) });
  await expect(contacted).toContainText('Contacted');
  await expect(contacted.getByLabel('Note')).toHaveValue('Called, sending samples');
  await admin.context().close();
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('at 10 the stepper says why it stops and opens the bulk enquiry for the product and 20 pieces', async ({
    page,
  }) => {
    // Decision 0080: the shopper who wanted 25 potlis finds a way on, not only a greyed "+".
    const response = await page.request.get('/api/products?search=potli&limit=50');
    const { data } = (await response.json()) as ProductList;
    const potli = data.find((product) => product.inStock !== false && product.stock >= 10);
    if (!potli) throw new Error('No seeded potli with 10 in stock');
    await page.goto(`/product/${potli.slug}`);
    await appStarted(page);
    const more = page.getByRole('button', { name: 'Increase quantity' });
    while (!(await more.isDisabled())) await more.click();
    await expect(page.getByRole('status', { name: 'Quantity' })).toHaveText('10');
    await expect(page.getByText('A cart takes up to 10 of one product.')).toBeVisible();
    // Whole on the phone's width, and nothing axe objects to around the stepper.
    expect(await overflowProblems(page)).toEqual([]);
    const axe = await axeOn(page)
      .include('fieldset:has(legend)')
      .include('fieldset:has(legend) + p')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    await page.getByRole('link', { name: 'Need more? Get a bulk price' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Bulk and corporate orders' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Bulk order enquiry' });
    await expect(form.getByLabel('Products or budget')).toHaveValue(potli.name);
    await expect(form.getByLabel('Quantity (pieces)')).toHaveValue('20');
  });
});
