/** Loading placeholders in the shape of what is coming, so the page never sits blank. */

function Block({ className }: { className: string }) {
  return <div className={`animate-pulse rounded-lg bg-brand-100 ${className}`} />;
}

export function ProductGridSkeleton({
  count = 8,
  label = 'Loading products',
}: {
  count?: number;
  label?: string;
}) {
  return (
    <div role="status" aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className="overflow-hidden rounded-2xl border border-brand-100 bg-white">
          <Block className="aspect-square w-full rounded-none" />
          <div className="flex flex-col gap-2 p-3">
            <Block className="h-4 w-4/5" />
            <Block className="h-3 w-1/2" />
            <Block className="h-5 w-2/5" />
          </div>
        </div>
      ))}
    </div>
  );
}

export function CardGridSkeleton({ count = 6, label }: { count?: number; label: string }) {
  return (
    <div role="status" aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className="overflow-hidden rounded-2xl border border-brand-100 bg-white">
          <Block className="aspect-[4/3] w-full rounded-none" />
          <div className="p-3">
            <Block className="h-4 w-3/4" />
          </div>
        </div>
      ))}
    </div>
  );
}

export function ProductDetailSkeleton() {
  return (
    <div role="status" aria-label="Loading product" className="grid gap-6 md:grid-cols-2">
      <Block className="aspect-square w-full rounded-2xl" />
      <div className="flex flex-col gap-4">
        <Block className="h-4 w-1/3" />
        <Block className="h-8 w-4/5" />
        <Block className="h-6 w-1/4" />
        <Block className="h-10 w-2/5" />
        <Block className="h-24 w-full" />
      </div>
    </div>
  );
}
