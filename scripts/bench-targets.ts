// The URLs `npm run bench` measures: each issue adds the URLs its targets name. They are looked up
// in the database so the bench works on any data set.
import type { Db } from '../src/server/db/client';
import { catalogBenchUrls } from '../src/server/modules/catalog/bench-urls';
import { deliveryBenchUrls } from '../src/server/modules/delivery/bench-urls';

export type BenchTarget = { name: string; path: string; productCount?: number };

export async function benchTargets(db: Db): Promise<BenchTarget[]> {
  return [{ name: 'home page HTML', path: '/' }, ...(await catalogBenchUrls(db)), ...deliveryBenchUrls()];
}
