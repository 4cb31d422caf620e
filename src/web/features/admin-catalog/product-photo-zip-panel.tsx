import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { PhotoZipResult } from '../../../shared/api/admin';
import { ApiError, readToken } from '../../api/client';
import { errorMessage } from '../../components/admin/admin-ui';
import { Button } from '../../components/button';
import { FilePicker } from '../../components/form-field';
import { ErrorBanner } from '../../components/status-message';

/** Sends the zip as the body; answers what it would do (preview) or did. */
async function sendZip(path: string, zip: Blob): Promise<PhotoZipResult> {
  const token = readToken();
  const response = await fetch(`/api/admin/products/${path}`, {
    method: 'POST',
    body: zip,
    headers: { 'content-type': 'application/zip', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  }).catch(() => {
    throw new ApiError(0, 'Network error. Please check your connection.');
  });
  const payload = (await response.json().catch(() => null)) as (PhotoZipResult & { message?: string }) | null;
  if (!response.ok) throw new ApiError(response.status, payload?.message ?? 'The photos could not be read');
  return payload as PhotoZipResult;
}

function PhotoRows({ result }: { result: PhotoZipResult }) {
  const placed = result.photos.filter((photo) => !photo.error).length;
  const left = result.photos.length - placed;
  return (
    <div className="space-y-2 text-sm">
      <p role="status" className="font-semibold text-stone-900">
        {result.applied
          ? `${placed} photos put on ${result.products} products`
          : `${placed} photos for ${result.products} products; nothing changes until you press Apply`}
        {left > 0 ? `; ${left} left out.` : '.'}
      </p>
      <ul
        aria-label="Photos in the zip"
        className="max-h-80 divide-y divide-stone-100 overflow-y-auto rounded-lg border border-stone-200"
      >
        {result.photos.map((photo) => (
          <li
            key={photo.name}
            className={`p-2 break-words ${photo.error ? 'text-red-700' : 'text-stone-800'}`}
          >
            <span className="font-mono">{photo.name}</span>:{' '}
            {photo.error ||
              `${photo.position === 1 ? 'main photo' : `photo ${photo.position}`} of ${photo.productName}`}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Decision 0077: a zip of photos named by SKU ('SKU.jpg' the main photo, 'SKU-2.jpg' the next)
 * replaces those products' photos in one step, after a preview of where each goes.
 */
export function ProductPhotoZipPanel() {
  const id = useId();
  const client = useQueryClient();
  const [zip, setZip] = useState<File | null>(null);
  const preview = useMutation({ mutationFn: (file: File) => sendZip('photos-zip/preview', file) });
  const apply = useMutation({
    mutationFn: (file: File) => sendZip('photos-zip', file),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'products'] }),
  });
  const matched = preview.data?.photos.filter((photo) => !photo.error).length ?? 0;
  return (
    <details className="rounded-xl border border-brand-100 bg-white p-4">
      <summary className="cursor-pointer font-bold text-stone-900">Photos from a zip, by SKU</summary>
      <div className="mt-3 space-y-3">
        <p className="text-sm text-stone-700">
          Name each photo by its product's SKU: DIYA-01.jpg is the main photo of the product with SKU DIYA-01,
          DIYA-01-2.jpg its second. Photos at the top of the zip, .jpg, .png or .webp, each up to 5 MB. A
          product's photos in the zip replace its photos.
        </p>
        <div>
          <label htmlFor={`${id}-zip`} className="block text-sm font-semibold text-stone-800">
            Zip of photos
          </label>
          <FilePicker
            id={`${id}-zip`}
            accept=".zip,application/zip"
            className="mt-1"
            disabled={preview.isPending || apply.isPending}
            onChange={(event) => {
              const picked = event.target.files?.[0];
              event.target.value = '';
              if (!picked) return;
              apply.reset();
              setZip(picked);
              preview.mutate(picked);
            }}
          />
        </div>
        {preview.isPending && <p role="status">Reading {zip?.name ?? 'the zip'}…</p>}
        {preview.error && <ErrorBanner>{errorMessage(preview.error)}</ErrorBanner>}
        {preview.data && zip && !apply.data && (
          <>
            <PhotoRows result={preview.data} />
            <div className="flex flex-wrap gap-2">
              <Button disabled={apply.isPending || matched === 0} onClick={() => apply.mutate(zip)}>
                {apply.isPending ? 'Applying…' : `Apply ${matched} photos`}
              </Button>
              <Button
                variant="secondary"
                disabled={apply.isPending}
                onClick={() => {
                  setZip(null);
                  preview.reset();
                }}
              >
                Cancel
              </Button>
            </div>
          </>
        )}
        {apply.error && <ErrorBanner>{errorMessage(apply.error)}</ErrorBanner>}
        {apply.data && <PhotoRows result={apply.data} />}
      </div>
    </details>
  );
}
