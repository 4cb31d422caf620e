/**
 * The store's colour outside the web app's stylesheet (mail, documents): the brand-600 orange of
 * src/web/styles.css, which passes WCAG AA with white text on it, and its lightest tint.
 */
export const BRAND_COLOUR = '#c2410c';
export const BRAND_TINT = '#fff7ed';
