import { useId, useState } from 'react';
import { MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES, productImageSrcSet } from '../../../shared/product-images';
import { errorMessage } from '../../components/admin/admin-ui';
import { Button } from '../../components/button';
import { FilePicker } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';
import { uploadProductPhoto } from './catalog-api';

/** The list with the photo at `from` moved to `to` (both within the list). */
export function movePhoto(images: readonly string[], from: number, to: number): string[] {
  const next = [...images];
  const [moved] = next.splice(from, 1);
  if (moved === undefined || to < 0 || to > images.length - 1) return [...images];
  next.splice(to, 0, moved);
  return next;
}

/**
 * A product's photos, the first being the main one: added before the product is first saved too
 * (each is stored on upload; the form saves the list), put in order by dragging or with the
 * buttons (keyboard and screen readers), removed. What happened is announced.
 */
export function ProductPhotos({
  images,
  onChange,
  productName,
}: {
  images: readonly string[];
  onChange(images: string[]): void;
  productName: string;
}) {
  const id = useId();
  const [announcement, setAnnouncement] = useState('');
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const label = (index: number) => `${productName.trim() || 'Product'} photo ${index + 1}`;

  function move(from: number, to: number) {
    if (to < 0 || to >= images.length || from === to) return;
    onChange(movePhoto(images, from, to));
    setAnnouncement(
      `Photo ${from + 1} moved to position ${to + 1}${to === 0 ? ', now the main photo' : ''}.`,
    );
  }

  async function add(files: File[]) {
    setError(null);
    const room = MAX_PRODUCT_IMAGES - images.length;
    if (files.length > room) {
      setError(`A product has at most ${MAX_PRODUCT_IMAGES} photos.`);
      return;
    }
    const tooLarge = files.find((file) => file.size > MAX_IMAGE_BYTES);
    if (tooLarge) {
      setError(`${tooLarge.name} is larger than 5 MB. Please upload a smaller one.`);
      return;
    }
    setUploading(true);
    let next = [...images];
    try {
      for (const file of files) {
        const { image } = await uploadProductPhoto(file);
        next = [...next, image];
        onChange(next);
      }
      setAnnouncement(`${files.length === 1 ? 'Photo' : `${files.length} photos`} added.`);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setUploading(false);
    }
  }

  return (
    <fieldset className="flex flex-col gap-3 sm:col-span-2">
      <legend className="text-sm font-semibold text-stone-800">Photos</legend>
      <p className="text-sm text-stone-600">
        The first photo is the main one. Drag a photo, or use its buttons, to change the order.
      </p>
      {images.length === 0 ? (
        <p className="text-stone-600">No photos yet.</p>
      ) : (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Photos in order">
          {images.map((image, index) => (
            <li
              key={image}
              draggable
              onDragStart={() => setDragged(index)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                if (dragged !== null) move(dragged, index);
                setDragged(null);
              }}
              onDragEnd={() => setDragged(null)}
              className={`flex flex-col gap-2 rounded-lg border p-2 ${dragged === index ? 'border-brand-600' : 'border-brand-100'}`}
            >
              <img
                src={image}
                srcSet={productImageSrcSet(image)}
                sizes="160px"
                alt={label(index)}
                className="aspect-square w-full cursor-grab rounded object-cover"
              />
              <span className="text-xs font-semibold text-stone-700">
                {index === 0 ? 'Main photo' : `Photo ${index + 1}`}
              </span>
              <div className="flex flex-wrap gap-1">
                <Button
                  type="button"
                  variant="secondary"
                  aria-label={`Move photo ${index + 1} earlier`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  ←
                </Button>
                <Button
                  type="button"
                  variant="secondary"
                  aria-label={`Move photo ${index + 1} later`}
                  disabled={index === images.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  →
                </Button>
                <Button
                  type="button"
                  variant="secondary"
                  aria-label={`Remove photo ${index + 1}`}
                  onClick={() => {
                    onChange(images.filter((_, position) => position !== index));
                    setAnnouncement(`Photo ${index + 1} removed.`);
                  }}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {images.length < MAX_PRODUCT_IMAGES && (
        <div>
          <label htmlFor={`${id}-file`} className="block text-sm font-semibold text-stone-800">
            Add photos (JPEG, PNG or WebP, up to 5 MB each)
          </label>
          <FilePicker
            id={`${id}-file`}
            multiple
            accept="image/jpeg,image/png,image/webp"
            className="mt-1"
            disabled={uploading}
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = '';
              if (files.length > 0) void add(files);
            }}
          />
        </div>
      )}
      <p role="status" className="text-sm text-stone-700">
        {uploading ? 'Uploading…' : announcement}
      </p>
      {error && <ErrorBanner>{error}</ErrorBanner>}
    </fieldset>
  );
}
