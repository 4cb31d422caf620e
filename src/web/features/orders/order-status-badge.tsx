import { COD_CONFIRM_MESSAGES } from '../../../shared/cash-on-delivery-rules';
import { type BadgeColour, orderStatusColour, orderStatusLabel } from '../../../shared/order-status';

// SPEC 4 badge colours, as whole class names so Tailwind finds them in the source.
const COLOUR_CLASSES: Record<BadgeColour, string> = {
  yellow: 'border-yellow-300 bg-yellow-100 text-yellow-900',
  green: 'border-green-300 bg-green-100 text-green-800',
  blue: 'border-blue-300 bg-blue-100 text-blue-800',
  indigo: 'border-indigo-300 bg-indigo-100 text-indigo-800',
  purple: 'border-purple-300 bg-purple-100 text-purple-800',
  cyan: 'border-cyan-300 bg-cyan-100 text-cyan-900',
  orange: 'border-orange-300 bg-orange-100 text-orange-900',
  red: 'border-red-300 bg-red-100 text-red-800',
  grey: 'border-stone-300 bg-stone-100 text-stone-800',
};

/**
 * SPEC 4 "Order status": the status's label in its colour. Decision 0064: a cash on delivery order
 * still waiting for the customer's YES is 'confirmed' inside, but says what it waits for.
 */
export function OrderStatusBadge({
  status,
  awaitingCodYes = false,
}: {
  status: string;
  awaitingCodYes?: boolean;
}) {
  const colour = awaitingCodYes ? 'yellow' : orderStatusColour(status);
  return (
    <span
      data-colour={colour}
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-bold whitespace-nowrap ${COLOUR_CLASSES[colour]}`}
    >
      {awaitingCodYes ? COD_CONFIRM_MESSAGES.waiting : orderStatusLabel(status)}
    </span>
  );
}
