import {
  type ComponentProps,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
};

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
};

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode;
  error?: string | undefined;
  /** Reads the message out as it appears (role="alert"), as `Field`'s `announced`. */
  announced?: boolean;
  ref?: Ref<HTMLInputElement>;
};

type RadioGroupFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value'> & {
  legend: string;
  error?: string | undefined;
  options: readonly { value: string; label: ReactNode }[];
  ref?: Ref<HTMLInputElement>;
  /** For a legend that heads a section, or options drawn as cards. */
  legendClassName?: string;
  optionClassName?: string;
};

type CheckboxGroupFieldProps<Value extends string> = {
  legend: string;
  error?: string | undefined;
  options: readonly { value: Value; label: ReactNode }[];
  /** The ticked values, in the order they were ticked. */
  value: readonly Value[];
  onChange(value: Value[]): void;
  onBlur?(): void;
  className?: string;
  /** For a legend the heading above already says (sr-only), or options drawn as cards. */
  legendClassName?: string;
  optionClassName?: string;
};

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string | undefined;
  options: readonly { value: string; label: string }[];
  ref?: Ref<HTMLSelectElement>;
  /**
   * A small box with its label beside it, for a choice in a row of others (the cart's quantity, the
   * listing's sort); its height is the caller's `className` (min-h-11 where it is the row's tap target).
   */
  compact?: boolean;
  labelClassName?: string;
};

type RatingFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value'> & {
  legend: string;
  error?: string | undefined;
  /** The stars chosen (the form's value as it is now), lit up to it; null before a choice. */
  rating: number | null;
  ref?: Ref<HTMLInputElement>;
};

const borderClass = (error: string | undefined) => (error ? 'border-red-500' : 'border-stone-300');

const controlClass = (error: string | undefined, className: string) =>
  `min-h-11 rounded-lg border bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-400 focus:border-brand-600 ${borderClass(error)} ${className}`;

const compactControlClass = (error: string | undefined, className: string) =>
  `rounded-lg border bg-white px-2 text-sm text-stone-900 focus:border-brand-600 ${borderClass(error)} ${className}`;

/**
 * The label above and the validation message below a control, tied to it (aria-describedby): for a
 * control the fields below do not cover, `children` draws it with the id and ARIA it is given.
 * `labelHidden` keeps the label for screen readers only (a compact box whose heading names it);
 * `inline` puts it beside the control, the message still below both. `announced` reads the message
 * out as it appears (role="alert"), for a box whose answer comes without the shopper moving to it,
 * as the pincode and coupon boxes' do. `hint` is the id of the control's own description (a count,
 * a range; a field's aria-describedby), read before the message.
 */
export function Field({
  id,
  label,
  error,
  hint,
  labelHidden = false,
  inline = false,
  labelClassName = inline
    ? 'shrink-0 text-sm font-semibold text-stone-800'
    : 'text-sm font-semibold text-stone-800',
  announced = false,
  children,
}: {
  id: string | undefined;
  label: string;
  error: string | undefined;
  hint?: string | undefined;
  labelHidden?: boolean;
  inline?: boolean;
  labelClassName?: string | undefined;
  announced?: boolean;
  children: (control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const fallbackId = useId();
  const controlId = id ?? fallbackId;
  const errorId = `${controlId}-error`;
  const describedBy = [hint, error ? errorId : undefined].filter(Boolean).join(' ');
  const labelled = (
    <>
      <label htmlFor={controlId} className={labelHidden ? 'sr-only' : labelClassName}>
        {label}
      </label>
      {children({
        id: controlId,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
    </>
  );
  return (
    <div className="flex flex-col gap-1">
      {inline ? <div className="flex items-center gap-2">{labelled}</div> : labelled}
      {error && (
        <p id={errorId} {...(announced ? { role: 'alert' } : {})} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input with its validation message. */
export function FormField({ label, error, id, className = '', ref, ...input }: FieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={input['aria-describedby']}>
      {(control) => <input ref={ref} className={controlClass(error, className)} {...input} {...control} />}
    </Field>
  );
}

/** A labelled multi-line text box with its validation message. */
export function TextAreaField({ label, error, id, className = '', ref, ...input }: TextAreaFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={input['aria-describedby']}>
      {(control) => <textarea ref={ref} className={controlClass(error, className)} {...input} {...control} />}
    </Field>
  );
}

/** A labelled drop-down of `options` with its validation message. */
export function SelectField({
  label,
  error,
  id,
  className = '',
  options,
  compact = false,
  labelClassName,
  ref,
  ...select
}: SelectFieldProps) {
  return (
    <Field
      id={id}
      label={label}
      error={error}
      hint={select['aria-describedby']}
      inline={compact}
      labelClassName={labelClassName}
    >
      {(control) => (
        <select
          ref={ref}
          className={(compact ? compactControlClass : controlClass)(error, className)}
          {...select}
          {...control}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A tick box with its label beside it and its message below; it starts as the form's value says (never ticked for the shopper). */
export function CheckboxField({
  label,
  error,
  announced = false,
  id,
  className = '',
  ref,
  ...input
}: CheckboxFieldProps) {
  const fallbackId = useId();
  const controlId = id ?? fallbackId;
  const errorId = `${controlId}-error`;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={controlId} className="flex min-h-11 items-start gap-2 text-sm text-stone-800">
        <input
          ref={ref}
          type="checkbox"
          id={controlId}
          className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600"
          {...input}
          {...(error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {})}
        />
        <span>{label}</span>
      </label>
      {error && (
        <p id={errorId} {...(announced ? { role: 'alert' } : {})} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

type RadioOptionProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode;
  /** The option's row or card, drawn around its button and label. */
  optionClassName: string;
  ref?: Ref<HTMLInputElement>;
};

/**
 * One radio button with its label around it, named by it. A choice drawn as cards or rows of the
 * caller's own (addresses, payment methods, a day's slots) holds it checked from its state.
 */
export function RadioOption({
  label,
  optionClassName,
  className = 'h-4 w-4 accent-brand-600',
  ref,
  ...input
}: RadioOptionProps) {
  return (
    <label className={optionClassName}>
      <input ref={ref} type="radio" className={className} {...input} />
      {label}
    </label>
  );
}

/** One choice of several (radio buttons) under its legend, its message below; `input` is the field's registration. */
export function RadioGroupField({
  legend,
  error,
  options,
  className = '',
  legendClassName = 'text-sm font-semibold text-stone-800',
  optionClassName = 'flex min-h-11 items-center gap-2 text-stone-800',
  ref,
  ...input
}: RadioGroupFieldProps) {
  const errorId = useId();
  return (
    <fieldset
      className={`flex flex-col gap-1 ${className}`}
      {...(error ? { 'aria-describedby': errorId } : {})}
    >
      <legend className={legendClassName}>{legend}</legend>
      {options.map((option) => (
        <RadioOption
          key={option.value}
          ref={ref}
          value={option.value}
          label={option.label}
          optionClassName={optionClassName}
          {...input}
        />
      ))}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

const STAR_NAMES = ['1 star', '2 stars', '3 stars', '4 stars', '5 stars'];

/**
 * A rating of one to five stars under its legend, its message below: five radio buttons, each
 * named by its count of stars and drawn as a star (the buttons themselves are read, not seen), lit
 * up to `rating`; the arrows move between them. `input` is the field's registration.
 */
export function RatingField({ legend, error, rating, ref, ...input }: RatingFieldProps) {
  const errorId = useId();
  return (
    <fieldset {...(error ? { 'aria-describedby': errorId } : {})}>
      <legend className="text-sm font-semibold text-stone-800">{legend}</legend>
      <div className="mt-1 flex gap-1">
        {STAR_NAMES.map((name, index) => (
          <RadioOption
            key={name}
            ref={ref}
            value={index + 1}
            aria-label={name}
            className="sr-only"
            label={<span aria-hidden="true">★</span>}
            optionClassName={`flex h-11 w-11 cursor-pointer items-center justify-center rounded-lg text-2xl ${
              rating !== null && index + 1 <= rating ? 'text-festive-gold' : 'text-stone-300'
            } has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600`}
            {...input}
          />
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * Several tick boxes under one legend whose value is the list of those ticked, in the order they were
 * ticked, its message below; controlled (a Controller's `field`), since a box may join after the
 * first render. Nothing is ticked unless the value says so.
 */
export function CheckboxGroupField<Value extends string>({
  legend,
  error,
  options,
  value,
  onChange,
  onBlur,
  className = '',
  legendClassName = 'text-sm font-semibold text-stone-800',
  optionClassName = 'flex min-h-11 items-center gap-3 text-stone-800',
}: CheckboxGroupFieldProps<Value>) {
  const groupId = useId();
  const errorId = `${groupId}-error`;
  return (
    <fieldset
      className={`flex flex-col gap-1 ${className}`}
      {...(error ? { 'aria-describedby': errorId } : {})}
    >
      <legend className={legendClassName}>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} htmlFor={`${groupId}-${option.value}`} className={optionClassName}>
          <input
            id={`${groupId}-${option.value}`}
            type="checkbox"
            className="h-5 w-5 shrink-0 accent-brand-600"
            checked={value.includes(option.value)}
            onBlur={onBlur}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? [...value, option.value]
                  : value.filter((other) => other !== option.value),
              )
            }
          />
          <span>{option.label}</span>
        </label>
      ))}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

// The browser's own "Choose File" button, dressed as the store's secondary button (Tailwind's
// file: variant), so every picker looks like the rest of the form and keeps the native picker's
// keyboard and screen-reader behaviour.
const FILE_PICKER_CLASS =
  'block w-full text-sm text-stone-700 file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-lg file:border file:border-brand-600 file:bg-white file:px-4 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-50 disabled:opacity-60 disabled:file:cursor-not-allowed';

/** A file input styled as a button; label it with a <label htmlFor>, or draw it in `Field`. */
export function FilePicker({ className = '', ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return <input type="file" className={`${FILE_PICKER_CLASS} ${className}`} {...props} />;
}
