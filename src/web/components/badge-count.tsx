/** A small count on a nav icon; hidden at zero, capped at 99+ so it never breaks the layout. */
export function BadgeCount({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className="absolute -top-1.5 -right-2 min-w-5 rounded-full bg-festive-pink px-1 text-center text-[11px] leading-5 font-bold text-white">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{`${count} ${label}`}</span>
    </span>
  );
}
