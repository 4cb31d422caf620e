import path from 'node:path';
import { overBudget, weighBuild } from '../../scripts/js-budget';
import { expect, test } from './support/fixtures';

// The JavaScript budget (docs/performance.md): the home page at most 150 KB gzipped with the entry,
// every other route at most 50 KB beyond it. Weighed on the production build these journeys run
// against, so a change that outgrows it fails here rather than in a later benchmark.
test('the production build keeps the home page and every route within the JavaScript budget', () => {
  const report = weighBuild(path.resolve('dist/web'));
  expect(report.routes.length).toBeGreaterThan(10);
  expect(overBudget(report)).toEqual([]);
});
