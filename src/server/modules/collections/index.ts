// Collections' public entry (SPEC 7, decision 0077): hand-picked and automatic lists of the
// catalogue's gifts, their /api calls and page head, and what the catalogue asks of them.
export {
  type CollectionService,
  catalogCollections,
  createCollectionService,
  type NewCollection,
  RULE_COLLECTIONS_EVERY_MS,
} from './collection-service';
export { registerCollectionPageHead } from './page-head';
export { collectionRoutes } from './routes';
