import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCategory } from '../../../shared/api/admin';
import { PERSONALISATION_MESSAGES } from '../../../shared/personalisation-rules';
import { ProductForm } from './product-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const categories = [
  {
    id: 3,
    name: 'Diwali Gifts',
    slug: 'diwali-gifts',
    hsnCode: '9505',
    gstRate: 12,
    declarations: { makerRole: 'packer', makerName: 'Utsav Gifts Private Limited', countryOfOrigin: 'India' },
  },
] as AdminCategory[];

function renderForm() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify({ message: 'not under test' }), { status: 500 });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <ProductForm product={null} categories={categories} onSaved={() => {}} />
    </QueryClientProvider>,
  );
  return sent;
}

// The form checks how things are typed; the product's rules and their words are the shared
// NewAdminProduct's, the same the server answers with.
describe('ProductForm', () => {
  it("shows the shared schema's words and sends nothing while a rule is broken", async () => {
    const user = userEvent.setup();
    const sent = renderForm();
    await user.type(screen.getByLabelText('Price (₹)'), '0');
    await user.selectOptions(screen.getByLabelText('Category'), '3');
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Price must be more than ₹0')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('checks the MRP against the price with the shared rule, then sends the payload in rupees', async () => {
    const user = userEvent.setup();
    const sent = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Brass Diya Set');
    await user.type(screen.getByLabelText('Price (₹)'), '349.50');
    await user.type(screen.getByLabelText('MRP (₹, incl. of all taxes)'), '299');
    await user.selectOptions(screen.getByLabelText('Category'), '3');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('MRP cannot be below the price')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText('MRP (₹, incl. of all taxes)'));
    await user.type(screen.getByLabelText('MRP (₹, incl. of all taxes)'), '399');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ name: 'Brass Diya Set', price: 349.5, mrp: 399, categoryId: 3 });
  });

  it('shows how a price, the stock and a parcel weight must be typed, and sends nothing until they are', async () => {
    const user = userEvent.setup();
    const sent = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Brass Diya Set');
    await user.type(screen.getByLabelText('Price (₹)'), '349.505');
    await user.selectOptions(screen.getByLabelText('Category'), '3');
    await user.clear(screen.getByLabelText('Stock'));
    await user.type(screen.getByLabelText('Stock'), '2.5');
    await user.type(screen.getByLabelText('Packed weight (g)'), '450g');
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    expect(await screen.findByText('Enter the price in rupees, e.g. 349 or 349.50')).toBeTruthy();
    // Decision 0059: no product without its MRP.
    expect(screen.getByText('Enter the MRP in rupees, e.g. 349 or 349.50')).toBeTruthy();
    expect(screen.getByText('Stock is a whole number')).toBeTruthy();
    expect(screen.getByText('Enter a whole number, or leave it empty for the category default')).toBeTruthy();
    expect(screen.getByLabelText('Price (₹)').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    // Once submitted, the same checks run as the owner corrects each field.
    await user.type(screen.getByLabelText('Price (₹)'), '{Backspace}');
    await waitFor(() =>
      expect(screen.queryByText('Enter the price in rupees, e.g. 349 or 349.50')).toBeNull(),
    );
    await user.clear(screen.getByLabelText('Stock'));
    await user.type(screen.getByLabelText('Stock'), '25');
    await user.type(screen.getByLabelText('Packed weight (g)'), '{Backspace}');
    await user.type(screen.getByLabelText('MRP (₹, incl. of all taxes)'), '399');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ price: 349.5, stock: 25, weightGrams: 450 });
  });

  it('refuses two personalisation fields with one label before sending, as the server would', async () => {
    const user = userEvent.setup();
    const sent = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Jute Potli Bag');
    await user.type(screen.getByLabelText('Price (₹)'), '99');
    await user.selectOptions(screen.getByLabelText('Category'), '3');
    await user.click(screen.getByLabelText(/Shoppers personalise/));
    await user.click(screen.getByRole('button', { name: 'Add a text field' }));
    await user.click(screen.getByRole('button', { name: 'Add a text field' }));
    await user.type(screen.getByLabelText('Text field 1 label'), 'Name on tag');
    await user.type(screen.getByLabelText('Text field 2 label'), 'name on tag');
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    expect(await screen.findByText(PERSONALISATION_MESSAGES.duplicateLabels)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('sends the SKU and the product’s own HSN code and GST rate, blank following the category', async () => {
    const user = userEvent.setup();
    const sent = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Soy Candle');
    await user.type(screen.getByLabelText('Price (₹)'), '450');
    await user.type(screen.getByLabelText('MRP (₹, incl. of all taxes)'), '499');
    await user.selectOptions(screen.getByLabelText('Category'), '3');
    expect(screen.getByText("Left blank, invoices use the category's HSN 9505 at 12%.")).toBeTruthy();
    expect(screen.getByRole('option', { name: "Category's (12%)" })).toBeTruthy();
    await user.type(screen.getByLabelText('SKU (optional)'), 'UG-CAN-1');
    await user.type(screen.getByLabelText('HSN code (optional)'), '34');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('An HSN code is 4 to 8 digits')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText('HSN code (optional)'), '06');
    await user.selectOptions(screen.getByLabelText('GST rate'), '18');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ sku: 'UG-CAN-1', hsnCode: '3406', gstRate: 18, images: [] });
  });

  it("shows the category's declarations where the product sets none, and sends only the product's own (decision 0059)", async () => {
    const user = userEvent.setup();
    const sent = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Lavender Soy Candle');
    await user.type(screen.getByLabelText('Price (₹)'), '450');
    await user.type(screen.getByLabelText('MRP (₹, incl. of all taxes)'), '499');
    await user.selectOptions(screen.getByLabelText('Category'), '3');
    expect(screen.getByLabelText('Their name').getAttribute('placeholder')).toBe(
      'Utsav Gifts Private Limited',
    );
    expect(screen.getByRole('option', { name: "Category's: packer" })).toBeTruthy();
    await user.selectOptions(
      screen.getByLabelText('Declared by (manufacturer, packer or importer)'),
      'importer',
    );
    await user.type(screen.getByLabelText('Country of origin'), 'France');
    await user.type(screen.getByLabelText('Generic name'), 'Scented candle');
    await user.type(screen.getByLabelText('Net quantity'), '2');
    await user.selectOptions(screen.getByLabelText('Unit of net quantity'), 'piece');
    await user.type(screen.getByLabelText('Month of manufacture (YYYY-MM)'), '2026-13');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('Month of manufacture is a month like 2026-09')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText('Month of manufacture (YYYY-MM)'));
    await user.type(screen.getByLabelText('Month of manufacture (YYYY-MM)'), '2026-10');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0] as { declarations: unknown }).declarations).toEqual({
      makerRole: 'importer',
      countryOfOrigin: 'France',
      genericName: 'Scented candle',
      netQuantity: 2,
      netUnit: 'piece',
      manufacturedMonth: '2026-10',
    });
  });
});
