/** One line of a gift as a page shows it to someone who is not its buyer: no price. */
type GiftLine = { name: string; image: string; quantity: number };

/**
 * What is in a gift, for its recipient (decision 0081) or the friends who chip in (decision 0084):
 * its lines with their pictures, or the page's words for a surprise, and the message that goes
 * with it.
 */
export function GiftContents({
  items,
  surprise,
  message,
}: {
  /** Null when the sender keeps the gift a surprise. */
  items: readonly GiftLine[] | null;
  surprise: string;
  message: string | null;
}) {
  return (
    <>
      {items ? (
        <ul className="mt-3 flex flex-col gap-2">
          {items.map((item) => (
            <li key={item.name} className="flex items-center gap-3">
              <img
                src={item.image}
                alt=""
                width={56}
                height={56}
                className="h-14 w-14 rounded-lg object-cover"
              />
              <span className="text-stone-800">
                {item.name}
                {item.quantity > 1 ? ` × ${item.quantity}` : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-stone-700">{surprise}</p>
      )}
      {message && (
        <blockquote className="mt-3 whitespace-pre-line border-l-4 border-brand-200 pl-3 text-stone-800">
          {message}
        </blockquote>
      )}
    </>
  );
}
