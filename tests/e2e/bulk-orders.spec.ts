import { openAdminSection } from './support/admin-nav';
import { expect, test } from './support/fixtures';

// Issue 13 "Bulk and corporate orders": from the home page's promise to the owner's list.

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
