/** What every benchmark receives: a running server on a fresh database. */
export interface BenchContext {
  baseUrl: string;
  databaseKind: string;
}

/** One printed figure; `unit` is appended after the number. */
export interface Figure {
  label: string;
  value: number | string;
  unit?: string;
}

export interface BenchResult {
  figures: Figure[];
  /** Reasons the run does not count; any entry makes `npm run bench` exit with 1. */
  failures: string[];
}

export interface Benchmark {
  /** kebab-case; matched by the optional filter argument of `npm run bench`. */
  name: string;
  /** One line saying what is measured and how. */
  description: string;
  run(ctx: BenchContext): Promise<BenchResult>;
}
