import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OWNER_SETTING_FIELDS, type OwnerSettingsResponse } from '../../../shared/owner-settings';
import { SettingsView } from './settings-view';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const answer: OwnerSettingsResponse = {
  settings: {
    storeName: 'Utsav Gifts',
    supportEmail: 'hello@utsavgifts.in',
    customerCarePhone: '+91 80 4567 8900',
    customerCareEmail: 'hello@utsavgifts.in',
    grievanceOfficerName: 'Meera Krishnan',
    grievanceOfficerDesignation: 'Head of Customer Care',
    grievanceOfficerEmail: 'grievance@utsavgifts.in',
    grievanceOfficerPhone: '+91 80 4567 8901',
    shippingFee: 50,
    freeShippingFrom: 1000,
    midnightSlotFee: 199,
    packagingBoxes: 'Small box: 20 x 15 x 12 cm, 100 g',
    codEnabled: false,
    codMaxOrderValue: 3000,
    codFee: 49,
    codPincodes: '',
    faultReturnDays: 30,
    refundAtApprovalBelow: 0,
    codRemittanceDays: 7,
    giftLinkDays: 7,
    giftLinksPerDay: 10,
    corporateGiftLinksPerDay: 500,
    groupGiftsPerDay: 5,
    groupGiftMinShare: 50,
    groupGiftMaxShare: 50_000,
    codHoldHours: 72,
    codConfirmAbove: 0,
    codConfirmHours: 24,
    rtoRefund: 'at_once',
    rtoFreightDeduction: 0,
    returnShippingPaidBy: 'customer-unless-faulty',
    legalName: 'Utsav Gifts Private Limited',
    address: '12 MG Road, Ashok Nagar, Bengaluru, Karnataka 560001',
    gstin: '29ABCDE1234F1ZW',
    orderUpdateChannels: ['whatsapp', 'email'],
    ownerWhatsApp: '',
    ownerNotify: 'immediate',
  },
  saved: false,
  history: [],
};

/** The page against a server that answers with these settings; the bodies it was sent. */
function renderSettings() {
  const sent: { method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method !== 'GET') sent.push({ method, body: JSON.parse(String(init?.body)) });
      const url = String(input);
      const body = url.endsWith('/api/config')
        ? {}
        : method === 'PUT'
          ? { ...answer, saved: true, settings: sent.at(-1)?.body }
          : answer;
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SettingsView />
    </QueryClientProvider>,
  );
  return sent;
}

describe('the Settings page', () => {
  it('shows a field for every setting of the shared schema, grouped, with its value', async () => {
    renderSettings();
    const form = await screen.findByRole('form', { name: 'Store settings' });
    for (const { meta } of OWNER_SETTING_FIELDS) {
      if (meta.kind === 'channels')
        expect(within(form).getByRole('group', { name: meta.label })).toBeTruthy();
      else expect(within(form).getAllByLabelText(meta.label).length).toBeGreaterThan(0);
    }
    expect(within(form).getByRole('group', { name: 'Shipping and delivery charges' })).toBeTruthy();
    expect((screen.getByLabelText('Shipping fee (₹)') as HTMLInputElement).value).toBe('50');
    expect(screen.getByText(/values from the store's configuration/)).toBeTruthy();
  });

  it('checks the form with the shared rule and sends nothing that breaks it', async () => {
    const user = userEvent.setup();
    const sent = renderSettings();
    const fee = await screen.findByLabelText('Shipping fee (₹)');
    await user.clear(fee);
    await user.type(fee, '-5');
    const gstin = screen.getByLabelText('GSTIN');
    await user.clear(gstin);
    await user.type(gstin, '29ABCDE1234F1ZX');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Shipping fee cannot be negative')).toBeTruthy();
    expect(screen.getByText('Please enter a valid 15-character GSTIN, e.g. 29ABCDE1234F1ZW')).toBeTruthy();
    expect(document.activeElement).toBe(fee);
    expect(sent).toEqual([]);

    await user.clear(fee);
    await user.type(fee, '65');
    await user.clear(gstin);
    await user.type(gstin, '29abcde1234f1zw');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Saved. The store uses these values now.')).toBeTruthy();
    expect(sent).toEqual([
      { method: 'PUT', body: { ...answer.settings, shippingFee: 65, gstin: '29ABCDE1234F1ZW' } },
    ]);
  });

  it('turns cash on delivery on with its rules, a pincode list tidied by the shared rule (decision 0042)', async () => {
    const user = userEvent.setup();
    const sent = renderSettings();
    const offer = await screen.findByRole('checkbox', { name: 'Offer cash on delivery' });
    expect((offer as HTMLInputElement).checked).toBe(false);
    await user.click(offer);
    const pincodes = screen.getByLabelText('Pincodes where the courier collects cash');
    await user.type(pincodes, '560 110001;;abc');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findByText(
        'List pincodes or their first 3 to 6 digits, separated by commas, like 560, 110001',
      ),
    ).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(pincodes);
    await user.type(pincodes, '560 110001;');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Saved. The store uses these values now.')).toBeTruthy();
    expect(sent).toEqual([
      { method: 'PUT', body: { ...answer.settings, codEnabled: true, codPincodes: '560, 110001' } },
    ]);
  });

  it("sets the order updates checkout ticks, the owner's WhatsApp and how often the owner hears", async () => {
    const user = userEvent.setup();
    const sent = renderSettings();
    const channels = await screen.findByRole('group', { name: 'Order updates ticked at checkout' });
    const tick = (name: string) => within(channels).getByRole('checkbox', { name }) as HTMLInputElement;
    expect([tick('WhatsApp').checked, tick('SMS').checked, tick('E-mail').checked]).toEqual([
      true,
      false,
      true,
    ]);
    await user.click(tick('SMS'));
    await user.click(tick('E-mail'));
    const whatsApp = screen.getByLabelText("Owner's WhatsApp");
    await user.type(whatsApp, '12345');
    const mode = screen.getByLabelText('Tell me of new orders and requests') as HTMLSelectElement;
    expect(mode.value).toBe('immediate');
    await user.selectOptions(mode, 'An hourly digest by e-mail');

    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findByText("Owner's WhatsApp must be a 10-digit mobile number, or empty"),
    ).toBeTruthy();
    expect(sent).toEqual([]);
    await user.clear(whatsApp);
    await user.type(whatsApp, '+91 98450 12345');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Saved. The store uses these values now.')).toBeTruthy();
    expect(sent).toEqual([
      {
        method: 'PUT',
        body: {
          ...answer.settings,
          orderUpdateChannels: ['whatsapp', 'sms'],
          ownerWhatsApp: '9845012345',
          ownerNotify: 'hourly',
        },
      },
    ]);
  });
});
