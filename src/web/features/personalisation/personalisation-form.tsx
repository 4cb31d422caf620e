import { type Dispatch, type SetStateAction, useId, useRef, useState } from 'react';
import {
  PERSONALISATION_MESSAGES,
  PERSONALISATION_PHOTO_MAX_BYTES,
  PERSONALISATION_PHOTO_TYPES,
  type PersonalisationConfig,
  type PersonalisationProblem,
  personalisationLength,
} from '../../../shared/personalisation-rules';
import { ApiError } from '../../api/client';
import { FilePicker, FormField } from '../../components/form-field';
import { uploadPersonalisationPhoto } from './personalisation-api';

/** What the shopper has typed and uploaded so far, before it is normalised for the cart. */
export type TypedPersonalisation = { text: Record<string, string>; photo: string | null };

export const emptyPersonalisation = (): TypedPersonalisation => ({ text: {}, photo: null });

/**
 * The product page's personalisation. Labelled text fields with character counts, a
 * live preview of the text over the product's picture, and a photo picker that uploads at once
 * (so the cart line carries only a reference). Problems come from the shared rule, worked out by
 * the page, and are shown beside the field they are about once the shopper has typed there.
 */
export function PersonalisationForm({
  config,
  image,
  productName,
  value,
  problems,
  onChange,
  onUploadingChange,
}: {
  config: PersonalisationConfig;
  image: string;
  productName: string;
  value: TypedPersonalisation;
  problems: readonly PersonalisationProblem[];
  onChange: Dispatch<SetStateAction<TypedPersonalisation>>;
  onUploadingChange(uploading: boolean): void;
}) {
  const id = useId();
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [uploading, setUploading] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const upload = useRef<AbortController | null>(null);
  const problemOf = (field: string) =>
    touched.has(field) ? problems.find((problem) => problem.field === field)?.message : undefined;
  const previewLines = config.fields.map((field) => value.text[field.label]?.trim() ?? '').filter(Boolean);

  const choosePhoto = (file: File) => {
    setPhotoError(null);
    if (!(PERSONALISATION_PHOTO_TYPES as readonly string[]).includes(file.type)) {
      setPhotoError(PERSONALISATION_MESSAGES.photoType);
      return;
    }
    if (file.size > PERSONALISATION_PHOTO_MAX_BYTES) {
      setPhotoError(PERSONALISATION_MESSAGES.photoTooLarge);
      return;
    }
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    setUploading(true);
    onUploadingChange(true);
    uploadPersonalisationPhoto(file, controller.signal).then(
      (photo) => {
        if (upload.current !== controller) return;
        onChange((current) => ({ ...current, photo }));
        setUploading(false);
        onUploadingChange(false);
      },
      (error: unknown) => {
        if (upload.current !== controller) return;
        setPhotoError(
          error instanceof ApiError && error.message ? error.message : 'The photo could not be uploaded',
        );
        setUploading(false);
        onUploadingChange(false);
      },
    );
  };

  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-brand-100 bg-brand-50/40 p-3">
      <legend className="px-1 text-base font-bold text-stone-900">Personalise it</legend>

      {config.fields.length > 0 && (
        <figure
          className="relative overflow-hidden rounded-lg bg-brand-100"
          aria-labelledby={`${id}-preview`}
        >
          {image && <img src={image} alt="" className="h-40 w-full object-cover opacity-80" />}
          <div className="absolute inset-0 flex items-center justify-center p-3">
            <p
              data-testid="personalisation-preview"
              className="max-w-full rounded-md border-2 border-dashed border-brand-700 bg-white/90 px-4 py-2 text-center font-serif text-lg font-bold break-words text-brand-900 shadow"
            >
              {previewLines.length > 0
                ? previewLines.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))
                : 'Your text here'}
            </p>
          </div>
          <figcaption id={`${id}-preview`} className="sr-only">
            Preview of your text on {productName}
          </figcaption>
        </figure>
      )}

      {config.fields.map((field, index) => {
        const inputId = `${id}-field-${index}`;
        const text = value.text[field.label] ?? '';
        const length = personalisationLength(text.trim());
        const problem = problemOf(field.label);
        return (
          <div key={field.label} className="flex flex-col gap-1">
            <FormField
              id={inputId}
              label={field.required ? field.label : `${field.label} (optional)`}
              value={text}
              required={field.required}
              error={problem}
              aria-describedby={`${inputId}-count`}
              onChange={(event) => {
                setTouched((current) => new Set(current).add(field.label));
                const typedText = event.target.value;
                onChange((current) => ({ ...current, text: { ...current.text, [field.label]: typedText } }));
              }}
            />
            <p
              id={`${inputId}-count`}
              className={`text-xs ${length > field.maxLength ? 'font-semibold text-red-700' : 'text-stone-600'}`}
            >
              {length}/{field.maxLength} characters
            </p>
          </div>
        );
      })}

      {config.photo !== 'off' && (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-photo`} className="text-sm font-semibold text-stone-800">
            Photo (JPEG or PNG, up to 5 MB)
            {config.photo === 'optional' && <span className="font-normal text-stone-600"> (optional)</span>}
          </label>
          <FilePicker
            id={`${id}-photo`}
            accept={PERSONALISATION_PHOTO_TYPES.join(',')}
            disabled={uploading}
            aria-describedby={photoError ? `${id}-photo-error` : undefined}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) choosePhoto(file);
            }}
          />
          {uploading && (
            <p role="status" className="flex items-center gap-2 text-sm text-stone-700">
              <progress aria-label="Uploading your photo" className="h-2 w-24" /> Uploading your photo…
            </p>
          )}
          {photoError && (
            <p id={`${id}-photo-error`} role="alert" className="text-sm font-semibold text-red-700">
              {photoError}
            </p>
          )}
          {value.photo && !uploading && (
            <div className="flex items-center gap-3">
              <img
                src={value.photo}
                alt="Your upload"
                width={64}
                height={64}
                className="h-16 w-16 rounded-lg border border-stone-200 object-cover"
              />
              <button
                type="button"
                onClick={() => onChange((current) => ({ ...current, photo: null }))}
                className="min-h-11 rounded px-2 text-sm font-semibold text-red-700 hover:bg-red-50"
              >
                Remove photo
              </button>
            </div>
          )}
        </div>
      )}
    </fieldset>
  );
}
