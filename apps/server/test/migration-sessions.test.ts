import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const folder = path.resolve(import.meta.dirname, '../src/db/migrations');
const statementsOf = (tag: string) =>
  fs
    .readFileSync(path.join(folder, `${tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
const tags = (
  JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  }
).entries.map((e) => e.tag);

let db: PGlite;
beforeAll(async () => {
  db = new PGlite();
  await db.waitReady;
});
afterAll(async () => db.close());

describe('migration 0010_sessions', () => {
  it('turns each refresh-token family into a session, revoked when the family was', async () => {
    const sessions = tags.indexOf('0010_sessions');
    for (const tag of tags.slice(0, sessions))
      for (const statement of statementsOf(tag)) await db.exec(statement);
    const user = '00000000-0000-4000-8000-0000000000aa';
    const open = '00000000-0000-4000-8000-000000000001';
    const revoked = '00000000-0000-4000-8000-000000000002';
    await db.query(`insert into users (id, email, name) values ($1, 'a@example.com', 'A')`, [user]);
    await db.query(
      `insert into refresh_sessions (user_id, family_id, token_hash, expires_at, used_at, revoked_at, created_at)
       values ($1, $2, 'h1', now() + interval '1 day', now(), null, '2026-01-01T10:00:00Z'),
              ($1, $2, 'h2', now() + interval '1 day', null, null, '2026-01-01T10:05:00Z'),
              ($1, $3, 'h3', now() + interval '1 day', null, '2026-01-02T00:00:00Z', '2026-01-01T11:00:00Z')`,
      [user, open, revoked],
    );
    for (const statement of statementsOf('0010_sessions')) await db.exec(statement);

    const { rows } = await db.query<Record<string, unknown>>(
      `select id, user_id, revoked_at, created_at from auth_sessions order by id`,
    );
    expect(rows).toEqual([
      {
        id: open,
        user_id: user,
        revoked_at: null,
        created_at: new Date('2026-01-01T10:00:00Z'),
      },
      {
        id: revoked,
        user_id: user,
        revoked_at: new Date('2026-01-02T00:00:00Z'),
        created_at: new Date('2026-01-01T11:00:00Z'),
      },
    ]);
    const flags = await db.query(`select must_change_password from users`);
    expect(flags.rows).toEqual([{ must_change_password: false }]);
    // Deleting a session takes its refresh tokens with it.
    await db.query(`delete from auth_sessions where id = $1`, [open]);
    const left = await db.query(`select token_hash from refresh_sessions`);
    expect(left.rows).toEqual([{ token_hash: 'h3' }]);
  });
});
