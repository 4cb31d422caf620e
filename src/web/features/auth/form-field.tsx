import { type InputHTMLAttributes, type Ref, useId } from 'react';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input with its validation message tied to it (aria-describedby). */
export function FormField({ label, error, id, className = '', ref, ...input }: FieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const errorId = `${inputId}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-semibold text-stone-800">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`min-h-11 rounded-lg border bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-400 focus:border-brand-600 ${
          error ? 'border-red-500' : 'border-stone-300'
        } ${className}`}
        {...input}
      />
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
