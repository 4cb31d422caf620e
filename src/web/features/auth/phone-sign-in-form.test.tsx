import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OtpRequestPayload, OtpVerifyPayload, User } from '../../../shared/api/auth';
import { NAME_NEEDED } from '../../../shared/auth-rules';
import { ApiError } from '../../api/client';
import { AccountPhone } from './account-phone';
import type { AuthApi, PhoneAuthApi } from './auth-api';
import { AuthModal } from './auth-modal';
import { AuthProvider, useAuth } from './auth-provider';
import { PhoneSignInForm } from './phone-sign-in-form';

const asha: User = {
  id: 9,
  userId: 9,
  name: 'Asha Rao',
  fullName: 'Asha Rao',
  email: '',
  username: 'asharao1234',
  role: 'customer',
  phone: '9876543210',
};

const priya: User = {
  ...asha,
  id: 7,
  userId: 7,
  name: 'Priya',
  fullName: 'Priya',
  email: 'priya@example.com',
};
delete priya.phone;

const api: AuthApi = {
  me: async () => priya,
  login: async () => Promise.reject(new ApiError(401, 'Invalid email or password')),
  register: async () => Promise.reject(new ApiError(500, 'unused')),
  logout: async () => {},
};

/** A server that sends code 482913 and knows no account for the number until a name comes. */
function fakePhoneApi() {
  const requests: OtpRequestPayload[] = [];
  const verifications: OtpVerifyPayload[] = [];
  const phoneApi: PhoneAuthApi = {
    requestCode: async (payload) => {
      requests.push(payload);
      return { sent: true, resendAfter: 30 };
    },
    verifyCode: async (payload) => {
      verifications.push(payload);
      if (payload.code !== '482913') throw new ApiError(401, 'That code is not right. 2 tries left.');
      if (!payload.fullName)
        throw new ApiError(400, NAME_NEEDED, [{ path: 'fullName', message: 'Full name is required' }]);
      return { user: asha, token: 'token-phone' };
    },
    requestAddPhone: async (payload) => {
      requests.push(payload);
      return { sent: true, resendAfter: 30 };
    },
    verifyAddPhone: async (payload) => {
      verifications.push(payload);
      if (payload.phone === '9123456789') {
        throw new ApiError(
          409,
          'This number belongs to another account. Sign in with it, or add a different number.',
        );
      }
      return { ...priya, phone: payload.phone };
    },
  };
  return { phoneApi, requests, verifications };
}

function SignedIn() {
  const { user } = useAuth();
  return user ? <p>Signed in as {user.fullName}</p> : null;
}

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <SignedIn />
      <AuthModal isOpen={open} onClose={() => setOpen(false)} />
    </>
  );
}

async function renderModal(phoneApi: PhoneAuthApi) {
  const router = createMemoryRouter([{ path: '/', element: <Harness /> }], { initialEntries: ['/'] });
  render(
    <AuthProvider api={api} phoneApi={phoneApi}>
      <RouterProvider router={router} />
    </AuthProvider>,
  );
  // Decision 0069: signing in opens on the mobile number.
  await screen.findByLabelText('Mobile number');
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('Continue with mobile number (decision 0032)', () => {
  it('sends a code by SMS to the number as typed, and signs a new number up with its name', async () => {
    const user = userEvent.setup();
    const server = fakePhoneApi();
    await renderModal(server.phoneApi);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Continue with mobile number');

    await user.type(await screen.findByLabelText('Mobile number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter a valid 10-digit mobile number')).toBeTruthy();
    expect(server.requests).toEqual([]);

    const phone = screen.getByLabelText('Mobile number') as HTMLInputElement;
    await user.clear(phone);
    await user.type(phone, '+91 98765 43210');
    expect((screen.getByLabelText('SMS') as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(server.requests).toEqual([{ phone: '9876543210', channel: 'sms' }]);

    expect(await screen.findByText(/We sent a 6-digit code by SMS to/)).toBeTruthy();
    const code = screen.getByLabelText('Code') as HTMLInputElement;
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.maxLength).toBe(6);
    const resend = screen.getByRole('button', { name: /^Resend code in \d+ s$/ }) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);

    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify and continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That code is not right. 2 tries left.');

    await user.clear(code);
    await user.type(code, '482913');
    await user.click(screen.getByRole('button', { name: 'Verify and continue' }));
    const name = await screen.findByLabelText('Full Name');
    expect(screen.getByLabelText('Email (Optional)')).toBeTruthy();
    await user.type(name, 'Asha Rao');
    // Decision 0063: the box starts unticked, and an unticked one is refused here with its message.
    const adult = screen.getByLabelText('I am 18 or older') as HTMLInputElement;
    expect(adult.checked).toBe(false);
    const tries = server.verifications.length;
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText(
        'You must be 18 or older to create an account. A parent or guardian can order for you.',
      ),
    ).toBeTruthy();
    expect(server.verifications).toHaveLength(tries);
    await user.click(adult);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Signed in as Asha Rao')).toBeTruthy();
    expect(server.verifications.at(-1)).toEqual({
      phone: '9876543210',
      code: '482913',
      fullName: 'Asha Rao',
      adult: true,
    });
    expect(localStorage.getItem('token')).toBe('token-phone');
  });

  it('sends by WhatsApp when chosen, shows a refusal, and goes to e-mail and password', async () => {
    const user = userEvent.setup();
    const server = fakePhoneApi();
    server.phoneApi.requestCode = async (payload) => {
      server.requests.push(payload);
      throw new ApiError(429, 'Please wait 20 seconds before asking for another code.');
    };
    await renderModal(server.phoneApi);
    await user.type(await screen.findByLabelText('Mobile number'), '09876543210');
    await user.click(screen.getByLabelText('WhatsApp'));
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(server.requests).toEqual([{ phone: '9876543210', channel: 'whatsapp' }]));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please wait 20 seconds before asking for another code.',
    );
    await user.click(screen.getByRole('button', { name: 'Sign in with e-mail and password' }));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Welcome Back!');
    expect(await screen.findByLabelText('Email')).toBeTruthy();
  });
});

describe('focus in the sign-in dialog (WCAG 2.4.3)', () => {
  it('moves focus to the Mobile number field that "Continue with mobile number" brings', async () => {
    const user = userEvent.setup();
    await renderModal(fakePhoneApi().phoneApi);
    await user.click(screen.getByRole('button', { name: 'Sign in with e-mail and password' }));
    await user.click(screen.getByRole('button', { name: 'Continue with mobile number' }));
    const phone = await screen.findByLabelText('Mobile number');
    await waitFor(() => expect(document.activeElement).toBe(phone));
  });

  it('moves focus to the Code field after Send code, and back to Mobile number on Change number', async () => {
    const user = userEvent.setup();
    await renderModal(fakePhoneApi().phoneApi);
    await user.type(await screen.findByLabelText('Mobile number'), '98765 43210');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const code = await screen.findByLabelText('Code');
    expect(document.activeElement).toBe(code);

    await user.click(screen.getByRole('button', { name: 'Change number' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Mobile number'));
  });
});

describe('reading and resending the code (decision 0032)', () => {
  async function renderForm(phoneApi: PhoneAuthApi) {
    const onSuccess = vi.fn();
    render(
      <AuthProvider api={api} phoneApi={phoneApi}>
        <PhoneSignInForm onSuccess={onSuccess} />
      </AuthProvider>,
    );
    return onSuccess;
  }

  async function askForCode(user: ReturnType<typeof userEvent.setup>) {
    await user.type(await screen.findByLabelText('Mobile number'), '98765 43210');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    return (await screen.findByLabelText('Code')) as HTMLInputElement;
  }

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'credentials');
  });

  it('fills the code from the SMS when the browser offers WebOTP, and checks it', async () => {
    // The browser's API, not ours: the phone hands the code from the SMS's "@host #code" line.
    vi.stubGlobal('OTPCredential', class {});
    const get = vi.fn(async (_options: CredentialRequestOptions) => ({
      type: 'otp',
      id: '',
      code: '482913',
    }));
    Object.defineProperty(navigator, 'credentials', { configurable: true, value: { get } });
    const user = userEvent.setup();
    const server = fakePhoneApi();
    await renderForm(server.phoneApi);
    const code = await askForCode(user);

    expect(await screen.findByLabelText('Full Name')).toBeTruthy();
    expect(code.value).toBe('482913');
    expect(get).toHaveBeenCalledTimes(1);
    expect(get.mock.calls[0]?.[0]).toMatchObject({ otp: { transport: ['sms'] } });
    expect(server.verifications).toEqual([{ phone: '9876543210', code: '482913' }]);
  });

  it('leaves the code to the shopper where the browser has no WebOTP', async () => {
    const user = userEvent.setup();
    const server = fakePhoneApi();
    await renderForm(server.phoneApi);
    const code = await askForCode(user);
    expect(code.value).toBe('');
    expect(server.verifications).toEqual([]);
  });

  it('enables Resend once the 30 s countdown ends, and sends a new code', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const user = userEvent.setup();
    const server = fakePhoneApi();
    await renderForm(server.phoneApi);
    await askForCode(user);
    const waiting = screen.getByRole('button', { name: 'Resend code in 30 s' }) as HTMLButtonElement;
    expect(waiting.disabled).toBe(true);

    act(() => vi.advanceTimersByTime(29_000));
    expect((screen.getByRole('button', { name: 'Resend code in 1 s' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    act(() => vi.advanceTimersByTime(1_000));
    const resend = screen.getByRole('button', { name: 'Resend code' }) as HTMLButtonElement;
    expect(resend.disabled).toBe(false);

    await user.click(resend);
    expect(server.requests).toEqual([
      { phone: '9876543210', channel: 'sms' },
      { phone: '9876543210', channel: 'sms' },
    ]);
    expect(await screen.findByRole('button', { name: 'Resend code in 30 s' })).toBeTruthy();
  });
});

describe('the account’s mobile number (decision 0032)', () => {
  async function renderAccount(phoneApi: PhoneAuthApi) {
    localStorage.setItem('token', 'token-email');
    render(
      <AuthProvider api={api} phoneApi={phoneApi}>
        <AccountPhone />
      </AuthProvider>,
    );
    return screen.findByRole('region', { name: 'Mobile number' });
  }

  it('adds a verified number to an e-mail account', async () => {
    const user = userEvent.setup();
    const server = fakePhoneApi();
    const panel = await renderAccount(server.phoneApi);
    expect(panel.textContent).toContain('Add your mobile number to sign in with a one-time code.');
    await user.click(within(panel).getByRole('button', { name: 'Add mobile number' }));
    await user.type(within(panel).getByLabelText('Mobile number'), '98765-43210');
    await user.click(within(panel).getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(server.requests).toEqual([{ phone: '9876543210', channel: 'sms' }]));
    await user.type(await within(panel).findByLabelText('Code'), '482913');
    await user.click(within(panel).getByRole('button', { name: 'Verify number' }));
    expect(await within(panel).findByText(/\+91 98765 43210 \(verified\)/)).toBeTruthy();
    expect(server.verifications).toEqual([{ phone: '9876543210', code: '482913' }]);
  });

  it('moves focus to what each step brings, and back to the button once the number is verified', async () => {
    const user = userEvent.setup();
    const panel = await renderAccount(fakePhoneApi().phoneApi);
    await user.click(within(panel).getByRole('button', { name: 'Add mobile number' }));
    expect(document.activeElement).toBe(within(panel).getByLabelText('Mobile number'));
    await user.keyboard('9876543210{Enter}');
    const code = await within(panel).findByLabelText('Code');
    expect(document.activeElement).toBe(code);
    await user.keyboard('482913{Enter}');
    const change = await within(panel).findByRole('button', { name: 'Change mobile number' });
    expect(document.activeElement).toBe(change);
  });

  it('says so when the number belongs to another account', async () => {
    const user = userEvent.setup();
    const panel = await renderAccount(fakePhoneApi().phoneApi);
    await user.click(within(panel).getByRole('button', { name: 'Add mobile number' }));
    await user.type(within(panel).getByLabelText('Mobile number'), '9123456789');
    await user.click(within(panel).getByRole('button', { name: 'Send code' }));
    await user.type(await within(panel).findByLabelText('Code'), '482913');
    await user.click(within(panel).getByRole('button', { name: 'Verify number' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'This number belongs to another account. Sign in with it, or add a different number.',
    );
  });
});
