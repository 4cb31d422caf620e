/**
 * What a line was personalised with, under its name in the cart, checkout, the
 * customer's orders, the back office and the packing slip. `photoSize` is the thumbnail's side in
 * pixels; with `linkPhoto` the thumbnail opens the full photo (the back office prints from it).
 */
export function PersonalisationDetails({
  fields,
  photo,
  linkPhoto = false,
  photoSize = 48,
}: {
  fields: readonly { label: string; value: string }[];
  photo: string | null;
  linkPhoto?: boolean;
  photoSize?: number;
}) {
  if (fields.length === 0 && !photo) return null;
  const image = photo ? (
    <img
      src={photo}
      alt="Uploaded by the shopper"
      width={photoSize}
      height={photoSize}
      loading="lazy"
      className="rounded border border-stone-200 bg-stone-50 object-cover"
      style={{ width: photoSize, height: photoSize }}
    />
  ) : null;
  return (
    <div className="mt-1 flex flex-wrap items-start gap-2 text-sm text-stone-700">
      {fields.length > 0 && (
        <dl className="min-w-0">
          {fields.map((field) => (
            <div key={field.label} className="flex flex-wrap gap-1">
              <dt className="font-semibold">{field.label}:</dt>
              <dd className="break-words">{field.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {image &&
        (linkPhoto && photo ? (
          <a
            href={photo}
            target="_blank"
            rel="noreferrer"
            className="inline-flex flex-col items-start underline"
          >
            {image}
            <span>Open photo</span>
          </a>
        ) : (
          image
        ))}
    </div>
  );
}
