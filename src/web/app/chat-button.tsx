import { useLocation } from 'react-router';
import { chatLink } from '../../shared/store-links';
import { storeSettings } from '../app-data';
import { ChatIcon } from '../components/icons';
import { showsCartBar } from '../features/cart/cart-bar';
import { useCartState } from '../features/cart/use-cart';

/**
 * Where the button sits (it must never cover a control of the page). It docks in the
 * right-hand end of the lowest bar on the screen, which that bar keeps free for it: the bottom
 * navigation on a phone, the cart bar on a wider screen. The product page's sticky bar on a phone
 * needs all its width for Add to Cart and Buy Now, and anywhere above it the button sat on the
 * page's own controls, so a phone's product page goes without it, as checkout does. With no
 * bar under it (a wider screen without the cart bar) it floats, and the page keeps room at its
 * end so that nothing is left beneath it.
 */
function placement(pathname: string, cartBarShown: boolean) {
  const phone = pathname.startsWith('/product/')
    ? 'max-md:hidden'
    : 'right-2 bottom-[calc(0.25rem+env(safe-area-inset-bottom))]';
  const wide = cartBarShown ? 'md:right-4 md:bottom-1.5' : 'md:right-6 md:bottom-6';
  return { className: `${phone} ${wide}`, floatsOnWideScreens: !cartBarShown };
}

/** SPEC 1: a floating chat-app button that opens a pre-filled chat about return gifts. */
export function ChatButton() {
  const { pathname } = useLocation();
  const cartCount = useCartState((state) => state.itemCount);
  // Checkout and payment keep the shopper on the purchase; the button would cover their totals.
  if (pathname === '/checkout' || pathname === '/payment') return null;
  const { className, floatsOnWideScreens } = placement(pathname, cartCount > 0 && showsCartBar(pathname));
  // In a landmark of its own: screen-reader users find every part of a page in one (axe "region").
  return (
    <aside aria-label="Chat">
      {floatsOnWideScreens && <div aria-hidden="true" className="hidden h-20 md:block" />}
      <a
        href={chatLink(storeSettings)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Chat with us on WhatsApp about return gifts"
        className={`fixed z-40 flex h-12 w-12 items-center justify-center rounded-full bg-green-600 text-white shadow-lg hover:bg-green-700 ${className}`}
      >
        <ChatIcon className="h-7 w-7" />
      </a>
    </aside>
  );
}
