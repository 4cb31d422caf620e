import { ApiError } from '../../api/client';

/**
 * POST /api/personalisation/photos: multipart, so it builds its own request (the API client speaks
 * JSON). Anyone may upload; the answer is the path the photo is served at.
 */
export async function uploadPersonalisationPhoto(file: File, signal?: AbortSignal): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(new URL('/api/personalisation/photos', window.location.origin), {
      method: 'POST',
      body: form,
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Network error. Please check your connection.');
  }
  const payload = (await response.json().catch(() => null)) as { photo?: unknown; message?: unknown } | null;
  if (!response.ok || typeof payload?.photo !== 'string') {
    const message =
      typeof payload?.message === 'string' ? payload.message : 'The photo could not be uploaded';
    throw new ApiError(response.status, message);
  }
  return payload.photo;
}
