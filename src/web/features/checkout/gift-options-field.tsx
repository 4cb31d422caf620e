import { useId } from 'react';
import { GIFT_MESSAGE_MAX, giftMessageLength } from '../../../shared/gift-options-rules';
import { CheckboxField, FormField, TextAreaField } from '../../components/form-field';

/** What the shopper has ticked and typed under "This is a gift". */
export type GiftChoice = { isGift: boolean; message: string; hidePrices: boolean; recipientEmail: string };

export const NO_GIFT: GiftChoice = { isGift: false, message: '', hidePrices: false, recipientEmail: '' };

/** What the server's schema says about the message and the e-mail, field by field. */
export type GiftErrors = { message?: string; recipientEmail?: string };

/** The gift message (with a live count up to 250) and "hide prices" at checkout. */
export function GiftOptionsField({
  choice,
  errors,
  onChange,
}: {
  choice: GiftChoice;
  errors?: GiftErrors | undefined;
  onChange(choice: GiftChoice): void;
}) {
  const counterId = useId();
  const used = giftMessageLength(choice.message.trim());
  const over = used > GIFT_MESSAGE_MAX;
  return (
    <section
      aria-labelledby={`${counterId}-title`}
      className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm"
    >
      <h2 id={`${counterId}-title`} className="text-lg font-bold text-stone-900">
        Gift Options
      </h2>
      <CheckboxField
        label="This is a gift"
        className="mt-2 font-semibold"
        checked={choice.isGift}
        onChange={(event) => onChange({ ...choice, isGift: event.target.checked })}
      />
      {choice.isGift && (
        <div className="mt-2 flex flex-col gap-3">
          <div className="flex flex-col gap-1">
            <TextAreaField
              label="Gift message"
              rows={3}
              value={choice.message}
              error={errors?.message}
              placeholder="Happy Diwali! With love, ..."
              aria-describedby={counterId}
              onChange={(event) => onChange({ ...choice, message: event.target.value })}
            />
            <p
              id={counterId}
              aria-live="polite"
              className={`text-right text-sm ${over ? 'font-semibold text-red-700' : 'text-stone-600'}`}
            >
              {used}/{GIFT_MESSAGE_MAX} characters
            </p>
            <p className="text-sm text-stone-600">Printed on the packing slip that travels with the gift.</p>
          </div>
          <CheckboxField
            label="Hide prices on the packing slip"
            checked={choice.hidePrices}
            onChange={(event) => onChange({ ...choice, hidePrices: event.target.checked })}
          />
          <FormField
            label="Recipient's e-mail (optional)"
            // Our schema's message, not the browser's own bubble, says what is wrong with it.
            type="text"
            inputMode="email"
            autoCapitalize="off"
            spellCheck={false}
            autoComplete="off"
            value={choice.recipientEmail}
            error={errors?.recipientEmail}
            onChange={(event) => onChange({ ...choice, recipientEmail: event.target.value })}
          />
          <p className="-mt-2 text-sm text-stone-600">
            We will tell them a gift is on its way when it ships.
          </p>
        </div>
      )}
    </section>
  );
}
