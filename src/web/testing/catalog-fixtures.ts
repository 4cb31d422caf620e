import type { Category, CollectionSummary, Product } from '../../shared/api/catalog';

// Catalogue rows as the API answers them, for web tests.

export const diwaliCategory: Category = {
  id: 4,
  name: 'Diwali Gifts',
  slug: 'diwali-gifts',
  description: 'Diyas, sweets and hampers.',
  image: '',
  productCount: 48,
};

export const weddingCollection: CollectionSummary = {
  id: 2,
  name: 'Wedding Favours',
  slug: 'wedding-favours-2',
  description: 'Thank-you gifts for guests.',
  image: '',
  featured: true,
  productCount: 24,
};

/** An in-stock Diwali product sold singly; `fields` override any of its values. */
export const testProduct = (id: number, fields: Partial<Product> = {}): Product => ({
  id,
  name: `Brass Diya ${id}`,
  slug: `brass-diya-${id}`,
  description: '',
  image: '',
  images: [],
  price: 199,
  mrp: 249,
  category: 'Diwali Gifts',
  categoryData: { name: 'Diwali Gifts', slug: 'diwali-gifts' },
  tags: ['brass'],
  inStock: true,
  allowPreOrder: false,
  minQuantity: 1,
  quantityTiers: [],
  stock: 10,
  rating: 4,
  ratingCount: 2,
  featured: false,
  personalisation: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});
