import { zodResolver } from '@hookform/resolvers/zod';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useCheckedForm } from '../checked-form';
import { CheckboxField, FormField, RadioGroupField } from './form-field';

const Choice = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  channel: z.enum(['whatsapp', 'sms'], { message: 'Choose WhatsApp or SMS' }),
  agreed: z.boolean().refine((agreed) => agreed, 'Please agree to the terms'),
});

function ChoiceForm({ onSend }: { onSend(values: z.output<typeof Choice>): void }) {
  const { register, handleSubmit, formState } = useCheckedForm({
    checks: zodResolver(Choice),
    defaultValues: { name: '', channel: undefined, agreed: false },
  });
  const { errors } = formState;
  return (
    <form onSubmit={handleSubmit(onSend)} noValidate>
      <FormField label="Name" error={errors.name?.message} {...register('name')} />
      <RadioGroupField
        legend="Send it on"
        options={[
          { value: 'whatsapp', label: 'WhatsApp' },
          { value: 'sms', label: 'SMS' },
        ]}
        error={errors.channel?.message}
        {...register('channel')}
      />
      <CheckboxField label="I agree to the terms" error={errors.agreed?.message} {...register('agreed')} />
      <button type="submit">Send</button>
    </form>
  );
}

afterEach(cleanup);

/** What a screen reader reads after the control's name: the message tied to it. */
const descriptionOf = (element: HTMLElement) =>
  document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;
const checkbox = () => screen.getByRole<HTMLInputElement>('checkbox', { name: 'I agree to the terms' });

describe('the shared form fields with useCheckedForm', () => {
  it("ties each field's message to its control, ticks and chooses nothing, and sends what was chosen", async () => {
    const sent: unknown[] = [];
    render(<ChoiceForm onSend={(values) => sent.push(values)} />);
    expect(checkbox().checked).toBe(false);
    expect(screen.getAllByRole<HTMLInputElement>('radio').filter((radio) => radio.checked)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(descriptionOf(screen.getByRole('textbox', { name: 'Name' }))).toBe('Name is required');
    expect(descriptionOf(screen.getByRole('group', { name: 'Send it on' }))).toBe('Choose WhatsApp or SMS');
    expect(descriptionOf(checkbox())).toBe('Please agree to the terms');
    expect(sent).toEqual([]);

    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Asha');
    await userEvent.click(screen.getByRole('radio', { name: 'SMS' }));
    await userEvent.click(checkbox());
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toEqual([{ name: 'Asha', channel: 'sms', agreed: true }]);
  });
});
