import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Superset 4's security API, for tests: login (Flask-AppBuilder JWT),
 * csrf_token (Flask-WTF, tied to the `session` cookie it sets) and guest_token, with their
 * status codes and answer shapes. It records what it was sent.
 */

export interface GuestTokenBody {
  user?: { username?: string; first_name?: string; last_name?: string };
  resources: { type: string; id: string }[];
  rls: { clause: string; dataset?: number }[];
}

export interface SupersetTestServer {
  url: string;
  /** Successful and failed logins, in order. */
  logins: { username: unknown; ok: boolean }[];
  /** Bodies of the guest tokens issued. */
  guestTokens: GuestTokenBody[];
  /** Every request's method and path, in order. */
  requests: string[];
  /** Expire every access token issued so far: the next call with one answers 401. */
  expireAccessTokens(): void;
  close(): Promise<void>;
}

const JSON_TYPE = { 'content-type': 'application/json' };

function send(res: http.ServerResponse, status: number, body: unknown, headers = {}) {
  res.writeHead(status, { ...JSON_TYPE, ...headers });
  res.end(JSON.stringify(body));
}

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Marshmallow's GuestTokenCreateSchema, roughly: errors by field, unknown fields refused. */
function guestTokenErrors(body: unknown): Record<string, string> {
  if (!isObject(body)) return { _schema: 'Invalid input type.' };
  const errors: Record<string, string> = {};
  for (const key of Object.keys(body))
    if (!['user', 'resources', 'rls'].includes(key)) errors[key] = 'Unknown field.';
  const { user, resources, rls } = body;
  if (user !== undefined) {
    if (!isObject(user)) errors.user = 'Not a valid mapping type.';
    else
      for (const [k, v] of Object.entries(user))
        if (!['username', 'first_name', 'last_name'].includes(k) || typeof v !== 'string')
          errors[`user.${k}`] = 'Not a valid string.';
  }
  if (
    !Array.isArray(resources) ||
    resources.length === 0 ||
    !resources.every(
      (r) => isObject(r) && r.type === 'dashboard' && typeof r.id === 'string' && r.id.length > 0,
    )
  )
    errors.resources = 'Must be a list of {type: dashboard, id}.';
  if (
    !Array.isArray(rls) ||
    !rls.every(
      (r) =>
        isObject(r) &&
        typeof r.clause === 'string' &&
        (r.dataset === undefined || typeof r.dataset === 'number'),
    )
  )
    errors.rls = 'Must be a list of {clause, dataset?}.';
  return errors;
}

function fakeJwt(claims: object): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

/** Starts the stand-in on a free loopback port, accepting one account. */
export async function startSupersetTestServer(account: {
  username: string;
  password: string;
  provider?: string;
}): Promise<SupersetTestServer> {
  const validTokens = new Set<string>();
  const sessions = new Map<string, string>();
  const logins: SupersetTestServer['logins'] = [];
  const guestTokens: GuestTokenBody[] = [];
  const requests: string[] = [];

  const bearerOk = (req: http.IncomingMessage) => {
    const header = req.headers.authorization ?? '';
    return header.startsWith('Bearer ') && validTokens.has(header.slice(7));
  };
  const sessionOf = (req: http.IncomingMessage) =>
    /(?:^|;\s*)session=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];

  const server = http.createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '').split('?', 1)[0];
      requests.push(`${req.method} ${path}`);
      if (req.method === 'POST' && path === '/api/v1/security/login') {
        const body = await readJson(req);
        if (!isObject(body) || typeof body.username !== 'string' || !body.password)
          return send(res, 400, { message: { username: ['Missing data for required field.'] } });
        const ok =
          body.username === account.username &&
          body.password === account.password &&
          body.provider === (account.provider ?? 'db');
        logins.push({ username: body.username, ok });
        if (!ok) return send(res, 401, { message: 'Not authorized' });
        const accessToken = fakeJwt({ sub: account.username, jti: randomUUID(), type: 'access' });
        validTokens.add(accessToken);
        return send(res, 200, { access_token: accessToken, refresh_token: randomUUID() });
      }
      if (req.method === 'GET' && path === '/api/v1/security/csrf_token/') {
        if (!bearerOk(req)) return send(res, 401, { msg: 'Token has expired' });
        const session = randomUUID();
        const csrf = randomUUID().replaceAll('-', '');
        sessions.set(session, csrf);
        return send(
          res,
          200,
          { result: csrf },
          { 'set-cookie': `session=${session}; HttpOnly; Path=/; SameSite=Lax` },
        );
      }
      if (req.method === 'POST' && path === '/api/v1/security/guest_token/') {
        if (!bearerOk(req)) return send(res, 401, { msg: 'Token has expired' });
        const session = sessionOf(req);
        const expected = session ? sessions.get(session) : undefined;
        if (!expected)
          return send(res, 400, { errors: [{ message: 'The CSRF session token is missing.' }] });
        if (req.headers['x-csrftoken'] !== expected)
          return send(res, 400, { errors: [{ message: 'The CSRF tokens do not match.' }] });
        const body = await readJson(req);
        const errors = guestTokenErrors(body);
        if (Object.keys(errors).length) return send(res, 400, { message: errors });
        const grant = body as GuestTokenBody;
        guestTokens.push(grant);
        const iat = Math.floor(Date.now() / 1000);
        const token = fakeJwt({
          user: grant.user ?? {},
          resources: grant.resources,
          rls_rules: grant.rls,
          iat,
          exp: iat + 300,
          aud: 'superset',
          type: 'guest',
        });
        return send(res, 200, { token });
      }
      return send(res, 404, { message: 'Not found' });
    })().catch(() => send(res, 500, { message: 'Fatal error' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    logins,
    guestTokens,
    requests,
    expireAccessTokens: () => validTokens.clear(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
