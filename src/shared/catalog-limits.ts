/** SPEC 9: the listing page size, also the most a single page may hold. */
export const LISTING_PAGE_SIZE = 1000;
/** SPEC 9: home shows up to 6 featured products. */
export const HOME_FEATURED_COUNT = 6;
/** Longest search text accepted; longer input is refused with 400 rather than silently cut. */
export const SEARCH_MAX_LENGTH = 500;
/** The header search's suggestions, kept small so each keystroke's answer is cheap. */
export const SUGGESTION_QUERY_MAX_LENGTH = 100;
export const SUGGESTED_PRODUCTS = 8;
export const SUGGESTED_CATEGORIES = 4;
/** "You may also like" on a product page. */
export const SIMILAR_PRODUCTS = 8;
