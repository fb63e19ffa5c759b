/**
 * Vitest's global setup of the server project: the migrated template database of this run
 * (template-database.ts), made once and handed to every test file through `provide`.
 */
import type { TestProject } from 'vitest/node';
import { preparePgliteTemplate, preparePostgresTemplate } from './template-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The dumped PGlite data directory of the migrated template (a file path). */
    pgliteTemplate: string;
    /** The PostgreSQL template database's name; '' on a PGlite run. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  project.provide('pgliteTemplate', await preparePgliteTemplate());
  project.provide(
    'postgresTemplate',
    process.env.TEST_DB === 'postgres'
      ? await preparePostgresTemplate(
          process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
        )
      : '',
  );
}
