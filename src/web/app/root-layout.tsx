import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { isBackOffice } from '../../shared/page-routes';
import { type AnalyticsChoice, trackPageView } from '../analytics';
import { AnalyticsConsentBanner } from '../features/analytics-consent/analytics-consent';
import { AuthModal, type AuthMode } from '../features/auth/auth-modal';
import { useAuth } from '../features/auth/auth-provider';
import { CartBar, showsCartBar } from '../features/cart/cart-bar';
import { useCartCount } from '../features/cart/use-cart';
import { LocationBar } from '../features/location/location-button';
import { useChangeAnalyticsConsent } from '../features/order-updates/order-updates-api';
import { useWishlist } from '../features/wishlist/wishlist-provider';
import { BottomNav } from './bottom-nav';
import { ChatButton } from './chat-button';
import { deferredFooter } from './deferred-footer';
import { TestModeRibbon } from './test-mode-ribbon';
import { TopNav } from './top-nav';

/**
 * SPEC 2: the page scrolls to the top on every route change. Not on the first render: the page
 * just loaded, and a shopper may already have scrolled the server-rendered page.
 */
function ScrollToTop() {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** SPEC 1: a page_view (path and title) on every route change, once the new page has its title. */
function TrackPageViews() {
  const { pathname } = useLocation();
  useEffect(() => {
    const frame = requestAnimationFrame(() => trackPageView(pathname, document.title));
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return null;
}

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100"
    >
      <div className="h-full w-1/3 animate-pulse bg-brand-600" />
    </div>
  );
}

/**
 * Decision 0075: a signed-in shopper's banner answer goes to the consent ledger. One given while
 * the stored session is still being checked waits for it; a guest's stays in the browser only.
 */
function useAnalyticsAnswerRecorder(user: { id: number } | null, loading: boolean) {
  const record = useChangeAnalyticsConsent(user?.id ?? null);
  const [pending, setPending] = useState<AnalyticsChoice | null>(null);
  useEffect(() => {
    if (pending === null) return;
    if (user) record.mutate({ given: pending === 'granted', via: 'banner' });
    if (user || !loading) setPending(null);
  }, [pending, user, loading, record.mutate]);
  return setPending;
}

/** The shell every page shares; it composes the features that the navigation shows. */
export function RootLayout() {
  const cartCount = useCartCount();
  const auth = useAuth();
  const { wishlistCount } = useWishlist();
  const recordAnalyticsAnswer = useAnalyticsAnswerRecorder(auth.user, auth.loading);
  // SPEC 2: Login and Register in the navigation open the modal in login or signup mode.
  const [authModal, setAuthModal] = useState<{ isOpen: boolean; mode: AuthMode }>({
    isOpen: false,
    mode: 'login',
  });
  // The back office is the owner's workplace: no delivery pincode, cart, chat or tab bar.
  const { pathname } = useLocation();
  const storefront = !isBackOffice(pathname);
  const session = {
    loggedIn: auth.user !== null,
    isAdmin: auth.user?.role === 'admin',
    cartCount,
    wishlistCount,
    onLogin: () => setAuthModal({ isOpen: true, mode: 'login' }),
    onRegister: () => setAuthModal({ isOpen: true, mode: 'signup' }),
    onLogout: auth.logout,
  };
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <ScrollToTop />
      <TrackPageViews />
      <NavigationProgress />
      <TestModeRibbon />
      <TopNav session={session} />
      {storefront && <LocationBar />}
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-4">
        <Outlet />
      </main>
      {deferredFooter}
      {storefront && <ChatButton />}
      {storefront && <CartBar />}
      {storefront && (
        <AnalyticsConsentBanner
          cartBarShown={cartCount > 0 && showsCartBar(pathname)}
          onAnswer={recordAnalyticsAnswer}
        />
      )}
      <AuthModal
        isOpen={authModal.isOpen}
        defaultMode={authModal.mode}
        onClose={() => setAuthModal((current) => ({ ...current, isOpen: false }))}
      />
      {storefront && (
        <BottomNav
          loggedIn={session.loggedIn}
          cartCount={session.cartCount}
          wishlistCount={session.wishlistCount}
          onLogin={session.onLogin}
        />
      )}
    </div>
  );
}
