// Items the Fluent Emoji Flat set has no picture of, drawn here in its flat style on the same
// 32-unit square, so artwork.ts places them like any icon of the set (decision 0070): the set's
// purse is a clasp coin purse, not a potli; its bouquet is flowers, not chocolates; its cup with a
// straw is no water bottle.

/** A drawstring potli: a frilled mouth, a gold cord with tassels and a round motif on brocade. */
const POTLI_BAG = [
  '<path fill="#8E1B3F" d="M11.6 12.4C6.6 14.2 3.4 19.4 4.2 24.6 4.9 28.8 9.3 30.4 16 30.4s11.1-1.6 11.8-5.8c.8-5.2-2.4-10.4-7.4-12.2z"/>',
  '<path fill="#B0264F" d="M11.6 12.4C7.4 14.4 5 19 5.6 23.6c.5 3.6 3.6 5.2 8 5.6-3.2-3.4-4.4-9.8-2-16.8z"/>',
  '<path fill="#C2185B" d="M11.8 12.6 8.6 4.8c1.2 1 2.6 1.6 3.8.2 1 1.4 2.4 1.4 3.6-.6 1.2 2 2.6 2 3.6.6 1.2 1.4 2.6.8 3.8-.2l-3.2 7.8z"/>',
  '<path fill="#E04F86" d="M12.6 11.2 10.4 6.4c.8.4 1.6.4 2.2-.2.6.8 1.6 1 2.6.2l.6 4.8z"/>',
  '<rect x="10.6" y="11.6" width="10.8" height="2.2" rx="1.1" fill="#F2B705"/>',
  '<path fill="none" stroke="#F2B705" stroke-width="1" stroke-linecap="round" d="M20.8 13c2.4 1.6 3.6 4 3.8 7M11.2 13c-2 1.8-2.8 4.2-2.8 6.6"/>',
  '<circle cx="24.6" cy="20.8" r="1.5" fill="#F2B705"/><circle cx="8.4" cy="20.4" r="1.5" fill="#F2B705"/>',
  '<circle cx="16" cy="22.4" r="4.6" fill="#F2B705"/><circle cx="16" cy="22.4" r="3" fill="#FFE082"/>',
  '<circle cx="16" cy="22.4" r="1.4" fill="#C2185B"/>',
].join('');

/** Gold-foil and dark chocolates and two bars bunched in a paper cone, tied with a ribbon. */
const CHOCOLATE_BOUQUET = [
  '<path fill="#FCE4EC" d="M4.4 14.6 7.6 6.2l3.2 5.4L16 3.4l5.2 8.2 3.2-5.4 3.2 8.4z"/>',
  '<rect x="9.4" y="3.4" width="3.6" height="8.6" rx=".6" fill="#5D3A1A" transform="rotate(-18 11.2 7.7)"/>',
  '<rect x="9.4" y="3.4" width="3.6" height="3" rx=".6" fill="#D32F2F" transform="rotate(-18 11.2 7.7)"/>',
  '<rect x="19" y="3.2" width="3.6" height="8.6" rx=".6" fill="#5D3A1A" transform="rotate(16 20.8 7.5)"/>',
  '<rect x="19" y="3.2" width="3.6" height="3" rx=".6" fill="#1565C0" transform="rotate(16 20.8 7.5)"/>',
  '<path fill="#F48FB1" d="M6.6 14.4h18.8L16 31.2z"/>',
  '<path fill="#EC6A9C" d="M16 31.2 25.4 14.4h-4.6z"/>',
  '<circle cx="9.4" cy="13.6" r="3" fill="#C9A227"/><circle cx="8.6" cy="12.8" r="1" fill="#F5DC7A"/>',
  '<circle cx="16" cy="12.2" r="3.2" fill="#5D3A1A"/><circle cx="15.1" cy="11.3" r="1" fill="#8D6E63"/>',
  '<circle cx="22.6" cy="13.6" r="3" fill="#C9A227"/><circle cx="21.8" cy="12.8" r="1" fill="#F5DC7A"/>',
  '<circle cx="12.6" cy="16.4" r="2.8" fill="#5D3A1A"/><circle cx="11.8" cy="15.6" r=".9" fill="#8D6E63"/>',
  '<circle cx="19.4" cy="16.4" r="2.8" fill="#C9A227"/><circle cx="18.6" cy="15.6" r=".9" fill="#F5DC7A"/>',
  '<path fill="#C2185B" d="M16 22.6 11.8 20.4v4.4zM16 22.6l4.2-2.2v4.4z"/><circle cx="16" cy="22.6" r="1.2" fill="#AD1457"/>',
].join('');

/** A school water bottle: screw cap, a sky-blue body with a label band and a shine. */
const WATER_BOTTLE = [
  '<rect x="12" y="1.6" width="8" height="4.4" rx="1.2" fill="#37474F"/>',
  '<rect x="13.2" y="5.6" width="5.6" height="2.4" fill="#90A4AE"/>',
  '<path fill="#29B6F6" d="M10.6 10.2c0-1.4 1-2.4 2.4-2.4h6c1.4 0 2.4 1 2.4 2.4v18.2c0 1.2-1 2.2-2.2 2.2h-6.4c-1.2 0-2.2-1-2.2-2.2z"/>',
  '<path fill="#0288D1" d="M18.4 7.8h.6c1.4 0 2.4 1 2.4 2.4v18.2c0 1.2-1 2.2-2.2 2.2h-.8z"/>',
  '<rect x="10.6" y="16" width="10.8" height="6.4" fill="#FFCA28"/>',
  '<path fill="#F57F17" d="m16 16.9.9 1.9 2 .2-1.5 1.4.4 2-1.8-1-1.8 1 .4-2-1.5-1.4 2-.2z"/>',
  '<rect x="12" y="9.6" width="1.4" height="5.4" rx=".7" fill="#fff" opacity=".6"/>',
  '<rect x="12" y="23.4" width="1.4" height="4.8" rx=".7" fill="#fff" opacity=".6"/>',
].join('');

/** The drawn items by name; artwork.ts looks here before the icon set. */
export const DRAWN_ICONS: Readonly<Record<string, string>> = {
  'potli-bag': POTLI_BAG,
  'chocolate-bouquet': CHOCOLATE_BOUQUET,
  'water-bottle': WATER_BOTTLE,
};
