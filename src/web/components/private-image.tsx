import { useEffect, useState } from 'react';
import { readToken } from '../api/client';

/**
 * An image only its owner (and the store's admin) may see, fetched with the signed-in token: a
 * plain <img src> would not send it. Nothing is drawn until it has loaded, or if it cannot be.
 */
export function PrivateImage({ path, alt, className }: { path: string; alt: string; className: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    const token = readToken();
    fetch(`/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
      .then(async (response) => {
        if (!response.ok || cancelled) return;
        objectUrl = URL.createObjectURL(await response.blob());
        setUrl(objectUrl);
      })
      .catch(() => {
        // A picture that cannot be loaded is left out; the page around it still shows.
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  return url ? <img src={url} alt={alt} className={className} /> : null;
}
