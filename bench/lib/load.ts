import autocannon, { type Options, type Result } from 'autocannon';

/** Runs autocannon in this process (so request hooks may share closures) and resolves its result. */
export function runLoad(options: Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Status codes other than 2xx with their counts, e.g. "401 x12, 500 x3". */
export function describeNon2xx(result: Result): string {
  return Object.entries(result.statusCodeStats)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${code} x${count}`)
    .join(', ');
}
