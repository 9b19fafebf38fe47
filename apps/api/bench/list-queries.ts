import type { TFilter } from '@uniapply/shared';

// The list bench's spread of course-picker queries (issue 11 item 5): 40 filters × 25 pages =
// 1,000 distinct `UniversityCourse/getListByPage` bodies, drawn with Zipf-like weights (the r-th
// most popular is asked 1/r as often as the first), the way students browse: first pages of
// popular filters most, deep pages and rare filters seldom, but never one repeated query.

const condition = (field: string, operator: 'EQ' | 'CONTAINS' | 'BETWEEN', value: unknown) => ({
  field,
  operator,
  value,
});
const all = (...conditions: ReturnType<typeof condition>[]): TFilter =>
  ({ operator: 'AND', conditions, groups: [] }) as TFilter;

/** Filters in the order of their popularity (as bench-db.ts seeds the catalogue). */
export function benchFilters(): (TFilter | null)[] {
  const words = [
    'Engineering',
    'Business',
    'Bachelor',
    'Master',
    'Software',
    'Data',
    'Civil',
    'Laws',
    'Diploma',
    'Science',
  ];
  return [
    null,
    ...words.slice(0, 3).map((w) => all(condition('course.name', 'CONTAINS', w))),
    ...[3, 4, 1, 2, 5].map((id) => all(condition('course.level.id', 'EQ', id))),
    ...words.slice(3).map((w) => all(condition('course.name', 'CONTAINS', w))),
    ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((id) => all(condition('course.category.id', 'EQ', id))),
    ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) =>
      all(condition('university.name', 'CONTAINS', `University ${n}`)),
    ),
    all(condition('price', 'BETWEEN', [10_000, 20_000])),
    all(condition('price', 'BETWEEN', [20_000, 50_000])),
    all(condition('price', 'BETWEEN', [50_000, 100_000])),
    all(condition('course.name', 'CONTAINS', 'Engineering'), condition('course.level.id', 'EQ', 3)),
    all(condition('course.name', 'CONTAINS', 'Master'), condition('course.category.id', 'EQ', 2)),
    all(condition('course.level.id', 'EQ', 4), condition('price', 'BETWEEN', [10_000, 30_000])),
  ];
}

/** Zero-based pages, most visited first; the deep ones are what made the uncached list slow. */
export const BENCH_PAGES = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 15, 20, 25, 30, 40, 50, 75, 100, 150, 200, 300, 400, 500, 1000,
];

/** The 1,000 request bodies, most popular first (the first pages of every filter, then deeper). */
export function benchBodies(): string[] {
  const filters = benchFilters();
  const bodies: string[] = [];
  for (const page of BENCH_PAGES) {
    for (const filter of filters) {
      bodies.push(JSON.stringify({ ...(filter ? { filter } : {}), page, pageSize: page % 2 ? 10 : 9 }));
    }
  }
  return bodies;
}

/** A seeded generator (mulberry32): runs draw the same sequence. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws indexes 0..n-1 with weight 1/(rank+1)^s. */
export function zipfSampler(n: number, s = 1, seed = 11): () => number {
  const cumulative: number[] = [];
  let total = 0;
  for (let r = 1; r <= n; r++) {
    total += 1 / r ** s;
    cumulative.push(total);
  }
  const next = random(seed);
  return () => {
    const x = next() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}
