// Moved to src/testing (the one web test harness). This re-export keeps branches that were started
// before the move compiling; import from '../testing' in new tests. Remove once they are merged.
export * from '../testing';
