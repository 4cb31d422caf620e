import { zodResolver } from '@hookform/resolvers/zod';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controller } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useCheckedForm } from '../checked-form';
import {
  CheckboxField,
  CheckboxGroupField,
  FormField,
  RadioGroupField,
  RatingField,
  SelectField,
} from './form-field';

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

const Rated = z.object({
  rating: z.preprocess(
    (value) => (value === null || value === '' ? undefined : Number(value)),
    z.number({ error: 'Choose a rating from 1 to 5 stars' }).int().min(1).max(5),
  ),
  wrapping: z.enum(['paper', 'box'], { message: 'Choose a wrapping' }),
});

function RatedForm({ onSend }: { onSend(values: z.output<typeof Rated>): void }) {
  const { register, handleSubmit, formState, watch } = useCheckedForm({
    checks: zodResolver(Rated),
    defaultValues: { rating: null, wrapping: undefined },
  });
  const { errors } = formState;
  const chosen = watch('rating');
  return (
    <form onSubmit={handleSubmit(onSend)} noValidate>
      <RatingField
        legend="Your rating"
        rating={chosen === null || chosen === '' ? null : Number(chosen)}
        error={errors.rating?.message}
        {...register('rating')}
      />
      <SelectField
        label="Wrap"
        aria-label="Wrapping of the gift"
        compact
        options={[
          { value: '', label: 'Choose' },
          { value: 'paper', label: 'Paper' },
          { value: 'box', label: 'Box' },
        ]}
        error={errors.wrapping?.message}
        {...register('wrapping')}
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

describe('RatingField and a compact SelectField', () => {
  it('chooses no star, names each by its count, ties the messages and sends the stars moved to with the arrows', async () => {
    const sent: unknown[] = [];
    render(<RatedForm onSend={(values) => sent.push(values)} />);
    const stars = screen.getAllByRole<HTMLInputElement>('radio');
    expect(stars.map((star) => star.getAttribute('aria-label'))).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    expect(stars.filter((star) => star.checked)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(descriptionOf(screen.getByRole('group', { name: 'Your rating' }))).toBe(
      'Choose a rating from 1 to 5 stars',
    );
    // Named by its aria-label over the short label beside it, as the cart's quantity is.
    const wrapping = screen.getByRole('combobox', { name: 'Wrapping of the gift' });
    expect(screen.getByLabelText('Wrap')).toBe(wrapping);
    expect(descriptionOf(wrapping)).toBe('Choose a wrapping');
    expect(sent).toEqual([]);

    await userEvent.click(screen.getByRole('radio', { name: '3 stars' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '4 stars' }).checked).toBe(true);
    await userEvent.selectOptions(wrapping, 'Box');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toEqual([{ rating: 4, wrapping: 'box' }]);
  });
});
