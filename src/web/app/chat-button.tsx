import { useLocation } from 'react-router';
import { chatLink } from '../../shared/store-links';
import { storeSettings } from '../app-data';
import { ChatIcon } from '../components/icons';

/** SPEC 1: a floating chat-app button that opens a pre-filled chat about return gifts. */
export function ChatButton() {
  const { pathname } = useLocation();
  // Checkout and payment keep the shopper on the purchase; the button would cover their totals.
  if (pathname === '/checkout' || pathname === '/payment') return null;
  return (
    <a
      href={chatLink(storeSettings)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Chat with us on WhatsApp about return gifts"
      className="fixed right-4 bottom-36 z-20 flex h-12 w-12 items-center justify-center rounded-full bg-green-600 text-white shadow-lg hover:bg-green-700 md:bottom-24"
    >
      <ChatIcon className="h-7 w-7" />
    </a>
  );
}
