import { storeSettings } from '../app-data';

/**
 * While the built-in sandbox takes payments, every page says so, so that test money is
 * never mistaken for real money. It is in the server's markup and one line of a fixed height
 * (truncated rather than wrapped on a narrow phone), so nothing below it ever moves (CLS).
 */
export function TestModeRibbon() {
  if (!storeSettings.testMode) return null;
  // In a landmark of its own, as all of a page's content is for screen-reader users (axe "region").
  return (
    <aside aria-label="Test mode">
      <p
        role="note"
        className="h-6 truncate bg-amber-300 px-4 text-center font-semibold text-stone-900 text-xs leading-6"
      >
        Test mode: payments are simulated
      </p>
    </aside>
  );
}
