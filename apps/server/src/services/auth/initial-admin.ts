import fs from 'node:fs';
import path from 'node:path';

/** DATA_DIR of an in-memory database (tests): there is no file to keep. */
const IN_MEMORY = 'memory://';

/** Where the generated super-user password is written on first start. */
export function initialAdminPath(dataDir: string): string | null {
  return dataDir === IN_MEMORY ? null : path.resolve(dataDir, 'initial-admin.txt');
}

/** Writes the generated credentials, readable by the server's user only. */
export function writeInitialAdmin(dataDir: string, email: string, password: string): string {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.resolve(dataDir, 'initial-admin.txt');
  fs.writeFileSync(file, `email: ${email}\npassword: ${password}\n`, { mode: 0o600 });
  return file;
}

/** The credentials in initial-admin.txt, or null when there is no such file. */
export function readInitialAdmin(dataDir: string): { email: string; password: string } | null {
  const file = initialAdminPath(dataDir);
  if (!file || !fs.existsSync(file)) return null;
  const text = fs.readFileSync(file, 'utf8');
  const email = /^email: (.+)$/m.exec(text)?.[1]?.trim();
  const password = /^password: (.+)$/m.exec(text)?.[1]?.trim();
  return email && password ? { email, password } : null;
}

/** Deletes initial-admin.txt when it holds this account's (now replaced) password. */
export function removeInitialAdmin(dataDir: string, email: string): boolean {
  const file = initialAdminPath(dataDir);
  const saved = readInitialAdmin(dataDir);
  if (!file || !saved || saved.email.toLowerCase() !== email.toLowerCase()) return false;
  fs.rmSync(file, { force: true });
  return true;
}
