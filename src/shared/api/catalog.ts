import { z } from 'zod';
import { ADD_ON_KINDS } from '../add-ons';
import { LISTING_PAGE_SIZE, SEARCH_MAX_LENGTH, SUGGESTION_QUERY_MAX_LENGTH } from '../catalog-limits';
import {
  DELIVERY_SPEED_VALUES,
  type DeliverySpeed,
  GIFT_FILTER_MESSAGES,
  OCCASION_TAGS,
  type Occasion,
  RECIPIENT_TAGS,
  type Recipient,
} from '../gift-finder';
import { DeclarationOverrides } from '../legal-metrology';
import { PersonalisationConfig } from '../personalisation';
import { QuantityTier } from '../quantity-pricing';

// The catalogue's API contract (SPEC 3 and 7, DESIGN 4 "Catalogue"). Prices are rupees here; the
// database keeps paise. The limits live in catalog-limits.ts (no Zod, so web pages can use them
// without loading Zod) and are re-exported here.
export {
  HOME_FEATURED_COUNT,
  LISTING_PAGE_SIZE,
  SEARCH_MAX_LENGTH,
  SIMILAR_PRODUCTS,
  SUGGESTED_CATEGORIES,
  SUGGESTED_PRODUCTS,
  SUGGESTION_QUERY_MAX_LENGTH,
} from '../catalog-limits';

const MAX_PRICE_RUPEES = 10_000_000;
const MAX_PAGE = 100_000;
const MAX_CURSOR_LENGTH = 200;

export const CategoryRef = z.object({ name: z.string(), slug: z.string() });
export type CategoryRef = z.infer<typeof CategoryRef>;

export const Product = z.object({
  id: z.number().int(),
  name: z.string(),
  /** `{name-slug}-{id}`: the product page is /product/{slug} (SPEC 2). */
  slug: z.string(),
  description: z.string(),
  image: z.string(),
  /** Extra images after the main one (SPEC 3). */
  images: z.array(z.string()),
  price: z.number(),
  /**
   * The maximum retail price, tax included (Legal Metrology rule 6(1)(e)); the server sends every
   * product with its own (decision 0059). The browser keeps SPEC 9's synthetic mrp only for an
   * answer that lacks one (price-tag.tsx).
   */
  mrp: z.number(),
  /** The category's name (SPEC 3). */
  category: z.string(),
  categoryData: CategoryRef,
  tags: z.array(z.string()),
  /** stock > 0 (DESIGN 4). */
  inStock: z.boolean(),
  allowPreOrder: z.boolean(),
  minQuantity: z.number().int(),
  /** Bulk-quote discounts by quantity (never applied to a retail cart). */
  quantityTiers: z.array(QuantityTier),
  stock: z.number().int(),
  rating: z.number(),
  ratingCount: z.number().int(),
  featured: z.boolean(),
  /** The text fields and photo a shopper fills in; null when not personalisable. */
  personalisation: PersonalisationConfig.nullable(),
  createdAt: z.string(),
});
export type Product = z.infer<typeof Product>;

/**
 * Sort values of GET /api/products (SPEC 7 "Listing sort values sent: featured, id, price (both
 * price directions), rating"). `order` gives the direction; each sort has a natural default:
 * featured desc (featured first), id desc (newest first), created_at desc (the home fallback's
 * "sorted by created_at"), price asc, rating desc. `relevance` (best match first) is the default
 * when a search is given, `featured` otherwise.
 */
export const PRODUCT_SORTS = ['featured', 'id', 'created_at', 'price', 'rating', 'relevance'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const DEFAULT_SORT_ORDER: Readonly<Record<ProductSort, SortOrder>> = {
  featured: 'desc',
  id: 'desc',
  created_at: 'desc',
  price: 'asc',
  rating: 'desc',
  relevance: 'desc',
};

/** An empty query value (`?minPrice=`) means "not given", as a form with an empty field sends it. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const rupees = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number of rupees` })
    .min(0, `${name} must not be negative`)
    .max(MAX_PRICE_RUPEES, `${name} is too large`);

export const ProductListQuery = z
  .object({
    search: optional(
      z.string().max(SEARCH_MAX_LENGTH, `search must be at most ${SEARCH_MAX_LENGTH} characters`),
    ),
    /** A category slug (a category name also works: it is slugified). */
    category: optional(z.string().max(200, 'category is too long')),
    minPrice: optional(rupees('minPrice')),
    maxPrice: optional(rupees('maxPrice')),
    sort: optional(z.enum(PRODUCT_SORTS, { error: `sort must be one of ${PRODUCT_SORTS.join(', ')}` })),
    order: optional(z.enum(SORT_ORDERS, { error: 'order must be asc or desc' })),
    page: optional(
      z.coerce
        .number({ error: 'page must be a whole number from 1' })
        .int('page must be a whole number from 1')
        .min(1, 'page must be a whole number from 1')
        .max(MAX_PAGE, 'page is too large'),
    ),
    limit: optional(
      z.coerce
        .number({ error: `limit must be a whole number from 1 to ${LISTING_PAGE_SIZE}` })
        .int(`limit must be a whole number from 1 to ${LISTING_PAGE_SIZE}`)
        .min(1, `limit must be a whole number from 1 to ${LISTING_PAGE_SIZE}`)
        .max(LISTING_PAGE_SIZE, `limit must be a whole number from 1 to ${LISTING_PAGE_SIZE}`),
    ),
    featured: optional(
      z
        .enum(['true', 'false'], { error: 'featured must be true or false' })
        .transform((value) => value === 'true'),
    ),
    /**
     * Where the next page of an infinite scroll starts (a previous answer's
     * nextCursor, with the same filters and sort); `page` still works and is ignored with it.
     */
    cursor: optional(z.string().max(MAX_CURSOR_LENGTH, 'cursor is not valid')),
    /** Decision 0059: products of this country of origin only (GET /api/catalog-countries). */
    country: optional(z.string().trim().max(60, 'country is too long')),
    /** Decision 0070: products for this occasion (its tag). */
    occasion: optional(
      z.enum(OCCASION_TAGS, { error: `occasion must be one of ${OCCASION_TAGS.join(', ')}` }),
    ),
    /** Decision 0070: products for this recipient (its tag). */
    recipient: optional(
      z.enum(RECIPIENT_TAGS, { error: `recipient must be one of ${RECIPIENT_TAGS.join(', ')}` }),
    ),
    /** Decision 0070: only what arrives today, or in the midnight slot, at `pincode`. */
    delivery: optional(
      z.enum(DELIVERY_SPEED_VALUES, { error: `delivery must be one of ${DELIVERY_SPEED_VALUES.join(', ')}` }),
    ),
    pincode: optional(
      z
        .string()
        .trim()
        .max(6, 'pincode must be 6 digits')
        .regex(/^\d{6}$/, 'pincode must be 6 digits'),
    ),
  })
  .refine((query) => query.delivery === undefined || query.pincode !== undefined, {
    message: GIFT_FILTER_MESSAGES.pincodeNeeded,
    path: ['pincode'],
  })
  .refine(
    (query) =>
      query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice,
    {
      message: 'minPrice must not be more than maxPrice',
      path: ['minPrice'],
    },
  );
export type ProductListQuery = z.infer<typeof ProductListQuery>;
/** The query as the web client sends it. */
export type ProductQuery = {
  search?: string;
  category?: string;
  minPrice?: number;
  maxPrice?: number;
  sort?: ProductSort;
  order?: SortOrder;
  page?: number;
  limit?: number;
  featured?: boolean;
  cursor?: string;
  country?: string;
  occasion?: Occasion;
  recipient?: Recipient;
  delivery?: DeliverySpeed;
  pincode?: string;
};

export const ProductList = z.object({
  data: z.array(Product),
  total: z.number().int(),
  /**
   * True when a search matched more than `total` products and counting stopped there: shown as
   * "1,000+" (docs/decisions/0058-search-bounded-by-the-page.md).
   */
  totalCapped: z.boolean().optional(),
  /** Send as `cursor` for the page after this one; null on the last page. */
  nextCursor: z.string().nullable().optional(),
});
export type ProductList = z.infer<typeof ProductList>;

export const ProductResponse = z.object({ product: Product });
export type ProductResponse = z.infer<typeof ProductResponse>;

/**
 * Decision 0059: GET /api/products/{id}/details, the Legal Metrology declarations the product page
 * shows (the product's own over its category's) and the unit sale price of a pack. Apart from
 * Product so that listings do not carry them.
 */
export const ProductDetails = z.object({
  declarations: DeclarationOverrides,
  /** "₹40 per piece": rupees per unit; null for a single unit. */
  unitPrice: z.object({ price: z.number(), per: z.string() }).nullable(),
});
export type ProductDetails = z.infer<typeof ProductDetails>;
export const ProductDetailsResponse = z.object({ details: ProductDetails });
export type ProductDetailsResponse = z.infer<typeof ProductDetailsResponse>;

/** Decision 0059: the countries of origin of the products for sale, most products first. */
export const CatalogCountries = z.object({ countries: z.array(z.string()) });
export type CatalogCountries = z.infer<typeof CatalogCountries>;

/** Catalogue ids in paths are positive whole numbers; anything else is a 400, not a 500. */
export const IdParams = z.object({
  id: z
    .string()
    .max(9, { error: 'id must be a positive whole number', abort: true })
    .regex(/^\d{1,9}$/, 'id must be a positive whole number')
    .transform(Number)
    .refine((id) => id > 0, 'id must be a positive whole number'),
});

export const Category = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  image: z.string(),
  productCount: z.number().int(),
});
export type Category = z.infer<typeof Category>;
export const CategoryList = z.array(Category);

/** The live figures behind the home's claims ('Prices start at ₹59', '500+ products'). */
export const CatalogSummary = z.object({
  /** Products a shopper can find (not archived). */
  productCount: z.number().int(),
  /** The cheapest of them in rupees; null when there are none. */
  lowestPrice: z.number().nullable(),
});
export type CatalogSummary = z.infer<typeof CatalogSummary>;

export const CollectionSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  /** `{name-slug}-{id}`: the page is /collection/{slug} (SPEC 2). */
  slug: z.string(),
  description: z.string(),
  image: z.string(),
  featured: z.boolean(),
  productCount: z.number().int(),
});
export type CollectionSummary = z.infer<typeof CollectionSummary>;
export const CollectionList = z.array(CollectionSummary);

export const CollectionDetail = CollectionSummary.extend({ products: z.array(Product) });
export type CollectionDetail = z.infer<typeof CollectionDetail>;
export const CollectionResponse = z.object({ data: CollectionDetail });
export type CollectionResponse = z.infer<typeof CollectionResponse>;

/** GET /api/search/suggestions?q=, what the header search offers as the shopper types. */
export const SearchSuggestionsQuery = z.object({
  q: z
    .string()
    .max(SUGGESTION_QUERY_MAX_LENGTH, `q must be at most ${SUGGESTION_QUERY_MAX_LENGTH} characters`)
    .default(''),
});

export const ProductSuggestion = Product.pick({
  id: true,
  name: true,
  slug: true,
  image: true,
  price: true,
  category: true,
});
export type ProductSuggestion = z.infer<typeof ProductSuggestion>;

export const CategorySuggestion = z.object({
  name: z.string(),
  slug: z.string(),
  /** The search to keep inside the category, or null when the category's own name matched. */
  search: z.string().nullable(),
});
export type CategorySuggestion = z.infer<typeof CategorySuggestion>;

export const SearchSuggestions = z.object({
  products: z.array(ProductSuggestion),
  categories: z.array(CategorySuggestion),
});
export type SearchSuggestions = z.infer<typeof SearchSuggestions>;

/** GET /api/products/{id}/similar, "You may also like". */
export const SimilarProducts = z.object({ data: z.array(Product) });
export type SimilarProducts = z.infer<typeof SimilarProducts>;

/**
 * Decision 0079: GET /api/products/{id}/add-ons, what the step after Add to Cart offers: the
 * add-ons its category offers, in stock, each a product with its kind.
 */
export const AddOn = Product.extend({ addOnKind: z.enum(ADD_ON_KINDS) });
export type AddOn = z.infer<typeof AddOn>;
export const AddOnsOffered = z.object({ data: z.array(AddOn) });
export type AddOnsOffered = z.infer<typeof AddOnsOffered>;
