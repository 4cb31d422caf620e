// The delivery URLs `npm run bench` measures (scripts/bench.ts). Target: each at least half of
// /api/health's req/s with p99 at most 5 ms, which holds because a lookup reads the in-memory
// directory and never the database.

/** Same shape as scripts/bench-targets.ts's BenchTarget. */
type DeliveryBenchUrl = { name: string; path: string };

// A far pincode (New Delhi): the standard branch, the one most shoppers take.
const BENCH_PINCODE = '110001';

export function deliveryBenchUrls(): DeliveryBenchUrl[] {
  return [
    { name: 'pincode check', path: `/api/pincodes/check/${BENCH_PINCODE}` },
    { name: 'shipping quote by pincode', path: `/api/pincodes/shipping/${BENCH_PINCODE}?orderValue=999` },
  ];
}
