import {
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

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string | undefined;
  options: readonly { value: string; label: string }[];
};

const controlClass = (error: string | undefined, className: string) =>
  `min-h-11 rounded-lg border bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-400 focus:border-brand-600 ${
    error ? 'border-red-500' : 'border-stone-300'
  } ${className}`;

/** The label above and the validation message below a control, tied to it (aria-describedby). */
function Field({
  id,
  label,
  error,
  children,
}: {
  id: string | undefined;
  label: string;
  error: string | undefined;
  children: (control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const fallbackId = useId();
  const controlId = id ?? fallbackId;
  const errorId = `${controlId}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={controlId} className="text-sm font-semibold text-stone-800">
        {label}
      </label>
      {children({
        id: controlId,
        ...(error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {}),
      })}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input with its validation message. */
export function FormField({ label, error, id, className = '', ref, ...input }: FieldProps) {
  return (
    <Field id={id} label={label} error={error}>
      {(control) => <input ref={ref} className={controlClass(error, className)} {...input} {...control} />}
    </Field>
  );
}

/** A labelled multi-line text box with its validation message. */
export function TextAreaField({ label, error, id, className = '', ref, ...input }: TextAreaFieldProps) {
  return (
    <Field id={id} label={label} error={error}>
      {(control) => <textarea ref={ref} className={controlClass(error, className)} {...input} {...control} />}
    </Field>
  );
}

/** A labelled drop-down of `options` with its validation message. */
export function SelectField({ label, error, id, className = '', options, ...select }: SelectFieldProps) {
  return (
    <Field id={id} label={label} error={error}>
      {(control) => (
        <select className={controlClass(error, className)} {...select} {...control}>
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
