import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storeSettings } from '../../app-data';
import { AnalyticsChoiceControl, AnalyticsConsentBanner } from './analytics-consent';

const gtagScripts = () =>
  [...document.querySelectorAll('script')].filter((script) => script.src.includes('googletagmanager.com'));

const measurementId = storeSettings.gaMeasurementId;
beforeEach(() => {
  storeSettings.gaMeasurementId = 'G-TEST12345';
  localStorage.clear();
  window.dataLayer = [];
});
afterEach(() => {
  cleanup();
  for (const script of gtagScripts()) script.remove();
  storeSettings.gaMeasurementId = measurementId;
});

const renderIn = (element: React.ReactNode) => render(<MemoryRouter>{element}</MemoryRouter>);

describe('Google Analytics only after the shopper allows it (decision 0052)', () => {
  it('asks with two equal buttons and requests no gtag.js before Allow', async () => {
    renderIn(<AnalyticsConsentBanner />);
    const banner = await screen.findByRole('region', { name: 'Analytics choice' });
    const allow = screen.getByRole('button', { name: 'Allow analytics' });
    const refuse = screen.getByRole('button', { name: 'No, thanks' });
    expect(allow.className).toBe(refuse.className);
    expect(banner.textContent).toContain('Nothing changes in the store if you say no.');
    expect(gtagScripts()).toHaveLength(0);

    await userEvent.click(allow);
    expect(gtagScripts().map((script) => script.src)).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=G-TEST12345',
    ]);
    expect(screen.queryByRole('region', { name: 'Analytics choice' })).toBeNull();
  });

  it('loads nothing after No, and does not ask again', async () => {
    renderIn(<AnalyticsConsentBanner />);
    await userEvent.click(await screen.findByRole('button', { name: 'No, thanks' }));
    expect(gtagScripts()).toHaveLength(0);
    cleanup();
    renderIn(<AnalyticsConsentBanner />);
    expect(screen.queryByRole('region', { name: 'Analytics choice' })).toBeNull();
  });

  it('is not shown where the store has no measurement id', () => {
    storeSettings.gaMeasurementId = null;
    renderIn(<AnalyticsConsentBanner />);
    expect(screen.queryByRole('region', { name: 'Analytics choice' })).toBeNull();
  });

  it('is withdrawn with one tap on the privacy notice, which stops what gtag.js would send', async () => {
    renderIn(<AnalyticsConsentBanner />);
    await userEvent.click(await screen.findByRole('button', { name: 'Allow analytics' }));
    cleanup();
    renderIn(<AnalyticsChoiceControl />);
    expect((await screen.findByText('allowed')).tagName).toBe('STRONG');
    await userEvent.click(screen.getByRole('button', { name: 'Stop analytics' }));
    expect(screen.getByText('not allowed')).toBeTruthy();
    expect(Reflect.get(window, 'ga-disable-G-TEST12345')).toBe(true);
    expect(JSON.parse(localStorage.getItem('analyticsChoice') ?? '{}')).toMatchObject({ choice: 'denied' });
  });

  it("hands the answer on, for a signed-in shopper's ledger (decision 0075)", async () => {
    const answers: string[] = [];
    renderIn(<AnalyticsConsentBanner onAnswer={(choice) => answers.push(choice)} />);
    await userEvent.click(await screen.findByRole('button', { name: 'No, thanks' }));
    expect(answers).toEqual(['denied']);
    cleanup();
    renderIn(<AnalyticsChoiceControl onChange={(choice) => answers.push(choice)} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Allow analytics' }));
    expect(answers).toEqual(['denied', 'granted']);
  });
});
