import { DeliveryInfo } from '../../../shared/delivery';

// Apart from location-store.ts because it needs Zod, which loads only when there is a stored
// location to read (use-location-state.ts, docs/performance.md "JavaScript budget").

/** The stored delivery info (SPEC 3 'deliveryInfo'), or null when it is unreadable. */
export function parseStoredDeliveryInfo(raw: string): DeliveryInfo | null {
  try {
    const info = DeliveryInfo.safeParse(JSON.parse(raw));
    return info.success ? info.data : null;
  } catch {
    return null;
  }
}
