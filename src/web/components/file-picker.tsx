import type { ComponentProps } from 'react';

// The browser's own "Choose File" button, dressed as the store's secondary button (Tailwind's
// file: variant), so every picker looks like the rest of the form and keeps the native picker's
// keyboard and screen-reader behaviour.
const FILE_PICKER_CLASS =
  'block w-full text-sm text-stone-700 file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-lg file:border file:border-brand-600 file:bg-white file:px-4 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-50 disabled:opacity-60 disabled:file:cursor-not-allowed';

/** A file input styled as a button; label it with a <label htmlFor>. */
export function FilePicker({ className = '', ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return <input type="file" className={`${FILE_PICKER_CLASS} ${className}`} {...props} />;
}
