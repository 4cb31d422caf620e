import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { TestPaymentPage } from './test-payment-page';

afterEach(cleanup);

describe('Test payment page (SPEC 2)', () => {
  it('confirms the payment route works and goes back to the page before it', async () => {
    const user = userEvent.setup();
    const router = createMemoryRouter(
      [
        { path: '/', element: <p>Home page</p> },
        { path: '/cart', element: <p>Cart page</p> },
        { path: '/test-payment', element: <TestPaymentPage /> },
      ],
      { initialEntries: ['/cart'] },
    );
    render(<RouterProvider router={router} />);
    await router.navigate('/test-payment');

    expect(await screen.findByText('The payment route is working.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(await screen.findByText('Cart page')).toBeTruthy();
  });

  it('goes home when it was the first page opened', async () => {
    const user = userEvent.setup();
    const router = createMemoryRouter(
      [
        { path: '/', element: <p>Home page</p> },
        { path: '/test-payment', element: <TestPaymentPage /> },
      ],
      { initialEntries: ['/test-payment'] },
    );
    render(<RouterProvider router={router} />);
    await user.click(await screen.findByRole('button', { name: 'Go Back' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
  });
});
