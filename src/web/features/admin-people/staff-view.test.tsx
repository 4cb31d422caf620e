import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffMember } from '../../../shared/api/staff';
import { InviteForm, StaffRow } from './staff-view';

const ravi: StaffMember = { id: 8, email: 'ravi@example.in', fullName: 'Ravi Kumar', staffRole: 'orders' };

/** PATCH /api/admin/staff/:id as the server answers it, recording each change asked for. */
function serveStaff() {
  const changes: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.pathname === `/api/admin/staff/${ravi.id}` && init?.method === 'PATCH') {
        changes.push(JSON.parse(String(init.body)));
        return new Response(null, { status: 204 });
      }
      return Response.json({ data: [], staff: [], invites: [] });
    }),
  );
  return changes;
}

function renderRow() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ul>
        <StaffRow member={ravi} isSelf={false} />
      </ul>
    </QueryClientProvider>,
  );
  return screen.getByRole('combobox', { name: 'Role of Ravi Kumar' });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a staff member's role", () => {
  it('changes only when saved: a new choice in the select (an arrow key on it) sends nothing', async () => {
    const user = userEvent.setup();
    const changes = serveStaff();
    const select = renderRow();
    await user.selectOptions(select, 'catalogue');
    expect(changes).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Keep Orders' }));
    expect((select as HTMLSelectElement).value).toBe('orders');

    await user.selectOptions(select, 'catalogue');
    await user.click(screen.getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(changes).toEqual([{ staffRole: 'catalogue' }]));
  });

  it('asks once more before removing someone from the staff', async () => {
    const user = userEvent.setup();
    const changes = serveStaff();
    const select = renderRow();
    await user.selectOptions(select, 'none');
    await user.click(screen.getByRole('button', { name: 'Remove from staff' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Ravi Kumar from the staff?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(changes).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove from staff' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove from staff' }),
    );
    expect(changes).toEqual([{ staffRole: 'none' }]);
  });
});

describe('an invitation shared by WhatsApp', () => {
  it('offers the link with a message to copy, and a wa.me link that carries them', async () => {
    const user = userEvent.setup();
    const shareText =
      'Utsav Gifts invites you to its back office (Orders). Open this link by Sun, 13 Dec to set your password and join: https://utsav.example/staff-invite/abc123';
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (new URL(String(input)).pathname === '/api/admin/staff/invites' && init?.method === 'POST') {
          sent.push(JSON.parse(String(init.body)));
          return Response.json(
            { link: 'https://utsav.example/staff-invite/abc123', shareText },
            { status: 201 },
          );
        }
        return Response.json({ staff: [], invites: [], history: [] });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <InviteForm />
      </QueryClientProvider>,
    );
    await user.type(screen.getByLabelText('E-mail'), 'ravi@example.in');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByLabelText('Or share the invitation')).toHaveProperty('value', shareText);
    expect(sent).toEqual([{ email: 'ravi@example.in', staffRole: 'orders' }]);
    expect(screen.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href')).toBe(
      `https://wa.me/?text=${encodeURIComponent(shareText)}`,
    );
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await user.click(screen.getByRole('button', { name: 'Copy link and message' }));
    expect(writeText).toHaveBeenCalledWith(shareText);
    expect(await screen.findByText('Copied.')).toBeTruthy();
  });
});
