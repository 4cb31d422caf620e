import type { Product } from '../../shared/api/catalog';

/** A product in stock with two pictures and tags, as the API sends it, for the product page's tests. */
export const bouquet: Product = {
  id: 7,
  name: 'Chocolate Bouquet',
  slug: 'chocolate-bouquet-7',
  description: 'Twelve chocolates wrapped like flowers.',
  image: '/uploads/products/1.svg',
  images: ['/uploads/products/1-2.svg'],
  price: 899,
  mrp: 1199,
  category: 'Festive Hampers',
  categoryData: { name: 'Festive Hampers', slug: 'festive-hampers' },
  tags: ['chocolate', 'bouquet', 'ribbon'],
  inStock: true,
  allowPreOrder: false,
  minQuantity: 1,
  quantityTiers: [],
  stock: 3,
  rating: 4.6,
  ratingCount: 31,
  featured: true,
  personalisation: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
