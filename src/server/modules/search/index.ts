// Search's public entry: a query's words corrected against the catalogue's vocabulary and ranked
// in buckets bounded by the page (decision 0058), the postings held in memory that answer searches
// and listing pages (decisions 0074, 0083), the listing's filters both of them apply, the index
// kept in step with the catalogue, and who may search. The catalogue's listing calls it.
export {
  cappedCount,
  correctSearch,
  rankedIds,
  SEARCH_COUNT_CAP,
  type SearchBucket,
  type SearchReader,
  searchBuckets,
  textMatchSql,
  textRuleOf,
} from './catalog-search';
export { filterOf, filterSql, isFiltered, type ListingFilter, postingsFilter } from './listing-filters';
export {
  admitSearchPage,
  allowLargeListing,
  createSearchAllowance,
  createSearchGate,
  isSearchPage,
  SEARCHES_PER_MINUTE,
  type SearchAllowance,
} from './search-allowance';
export {
  type CountedWords,
  gatherVocabularyStatistics,
  prepareVocabulary,
  rebuildSearchTerms,
  recountWords,
} from './search-index';
export {
  countFrom,
  createSearchPostings,
  cursorValueOf,
  firstCategoriesFrom,
  type Postings,
  rankedIdsFrom,
  readPostings,
  type SearchPostings,
  type SortedStart,
  sortedIdsFrom,
} from './search-postings';
export { type CorrectedWord, editDistance, FILLER_WORDS, queryWords, tsqueryOf } from './search-query';
export { wordsOf } from './vocabulary';
