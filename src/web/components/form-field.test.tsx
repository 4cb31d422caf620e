import { zodResolver } from '@hookform/resolvers/zod';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controller } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useCheckedForm } from '../checked-form';
import { CheckboxField, CheckboxGroupField, FormField, RadioGroupField } from './form-field';

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

const Deliveries = z.object({
  slots: z.array(z.enum(['standard', 'timed', 'midnight'])).min(1, 'Please choose at least one delivery'),
});

function DeliveriesForm({ onSend }: { onSend(values: z.output<typeof Deliveries>): void }) {
  const { control, handleSubmit } = useCheckedForm({
    checks: zodResolver(Deliveries),
    defaultValues: { slots: [] },
  });
  return (
    <form onSubmit={handleSubmit(onSend)} noValidate>
      <Controller
        control={control}
        name="slots"
        render={({ field, fieldState }) => (
          <CheckboxGroupField
            legend="Deliveries"
            options={[
              { value: 'standard', label: 'Standard' },
              { value: 'timed', label: 'A timed slot' },
              { value: 'midnight', label: 'Midnight' },
            ]}
            error={fieldState.error?.message}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        )}
      />
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

describe('CheckboxGroupField', () => {
  it('ticks nothing, ties its message to the group and sends the boxes in the order they were ticked', async () => {
    const sent: unknown[] = [];
    render(<DeliveriesForm onSend={(values) => sent.push(values)} />);
    expect(screen.getAllByRole<HTMLInputElement>('checkbox').filter((box) => box.checked)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(descriptionOf(screen.getByRole('group', { name: 'Deliveries' }))).toBe(
      'Please choose at least one delivery',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Midnight' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Standard' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'A timed slot' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Standard' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toEqual([{ slots: ['midnight', 'timed'] }]);
  });
});
