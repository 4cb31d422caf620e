import type { Page } from '@playwright/test';
import type { ProductList } from '../../src/shared/api/catalog';
import { appStarted } from './support/app-start';
import { axeOn } from './support/axe';
import { expect, test } from './support/fixtures';
import { overflowProblems } from './support/page-layout';

// Decision 0059, Legal Metrology rule 6(10): a seeded hamper and a candle show every declaration
// of their pack in "Product details", readable on a 360 px phone, and axe finds nothing there.
test.use({ viewport: { width: 360, height: 740 } });

async function productNamed(page: Page, words: string) {
  const response = await page.request.get(`/api/products?search=${encodeURIComponent(words)}&limit=50`);
  const { data } = (await response.json()) as ProductList;
  const product = data.find((each) => each.name.includes(words));
  if (!product) throw new Error(`No seeded product named like ${words}`);
  return product;
}

async function detailsOf(page: Page, slug: string) {
  await page.goto(`/product/${slug}`);
  await appStarted(page);
  const section = page.getByRole('region', { name: 'Product details' });
  await section.scrollIntoViewIfNeeded();
  await expect(section).toBeVisible();
  const terms = await section.getByRole('term').allInnerTexts();
  const values = await section.getByRole('definition').allInnerTexts();
  return { section, declared: Object.fromEntries(terms.map((term, index) => [term, values[index]])) };
}

async function axeViolations(page: Page) {
  const results = await axeOn(page)
    .include('section[aria-labelledby="product-details-heading"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`,
  );
}

test('a seeded hamper and a candle declare their pack on the product page at 360 px', async ({ page }) => {
  const hamper = await productNamed(page, 'Gift Hamper');
  const { declared: hamperDeclared } = await detailsOf(page, hamper.slug);
  expect(hamperDeclared).toMatchObject({
    'Generic name': 'Gift Hamper',
    'Net quantity': expect.stringMatching(/^\d+ sets?/),
    MRP: expect.stringMatching(/^₹[\d,]+(\.\d{2})? \(incl\. of all taxes\)$/),
    'Country of origin': 'India',
    'Packed by': 'Utsav Gifts Private Limited, 12 MG Road, Ashok Nagar, Bengaluru, Karnataka 560001',
    'Best before': 'Best before 4 months from packing',
    'Consumer care': expect.stringContaining('Utsav Gifts Private Limited'),
  });
  expect(await overflowProblems(page)).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);

  const candle = await productNamed(page, 'Scented Candle');
  const { declared: candleDeclared } = await detailsOf(page, candle.slug);
  expect(candleDeclared).toMatchObject({
    'Generic name': 'Scented Candle',
    'Net quantity': expect.stringMatching(/^\d+ pieces?/),
    'Country of origin': 'India',
    'Packed by': expect.stringContaining('Utsav Gifts Private Limited'),
    Dimensions: '7 × 7 × 9 cm',
    'Month of manufacture': expect.stringMatching(/^[A-Z][a-z]+ \d{4}$/),
    'Consumer care': expect.stringContaining('Utsav Gifts Private Limited'),
  });
  expect(await overflowProblems(page)).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
});
