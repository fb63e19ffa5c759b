import { z } from 'zod';

/** A failed Superset call: what failed and Superset's status, never the credentials. */
export class SupersetError extends Error {
  constructor(
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'SupersetError';
  }
}

/** The guest user a token is made out to (Superset shows it and its Jinja templates read it). */
export interface SupersetGuestUser {
  username: string;
  first_name: string;
  last_name: string;
}

export interface SupersetGuestTokenRequest {
  /** The dashboard's embedded uuid (Superset's "Embed dashboard" dialog). */
  embeddedId: string;
  user: SupersetGuestUser;
  /** Row-level security clauses; Superset ANDs them into every query of the dashboard. */
  rls: string[];
}

export interface SupersetClient {
  /** Superset's address (no trailing slash), where the embedded SDK frames the dashboard. */
  readonly domain: string;
  /** A guest token for one embedded dashboard, and when it expires (ms since the epoch). */
  guestToken(request: SupersetGuestTokenRequest): Promise<{ token: string; expiresAt: number }>;
}

export interface SupersetClientOptions {
  url: string;
  username: string;
  password: string;
  /** Flask-AppBuilder's auth provider: db or ldap. */
  provider?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

const LoginSchema = z.object({ access_token: z.string().min(1) });
const CsrfSchema = z.object({ result: z.string().min(1) });
const GuestTokenSchema = z.object({ token: z.string().min(1) });
/** Superset's default GUEST_TOKEN_JWT_EXP_SECONDS, when the token does not say. */
const DEFAULT_GUEST_TOKEN_MS = 300_000;

/** An access token was refused (expired or revoked): log in again. */
class Unauthorized extends SupersetError {}

/** The guest token's own expiry (its JWT `exp`), else Superset's default lifetime. */
function expiryOf(token: string, now: number): number {
  try {
    const payload = token.split('.')[1] ?? '';
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const exp = z.object({ exp: z.number() }).safeParse(claims);
    if (exp.success) return exp.data.exp * 1000;
  } catch {
    // Not a JWT we can read: Superset's default lifetime.
  }
  return now + DEFAULT_GUEST_TOKEN_MS;
}

/** The `name=value` pairs of the answer's Set-Cookie headers, as a Cookie header. */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';', 1)[0]?.trim() ?? '')
    .filter((c) => c.includes('='))
    .join('; ');
}

/**
 * Superset's REST API as an embedding host uses it: log in (JWT), then per guest token a CSRF
 * token with its session cookie, then POST /security/guest_token/. The access token is kept until
 * Superset refuses it (401), then renewed once.
 */
export function createSupersetClient(options: SupersetClientOptions): SupersetClient {
  const domain = options.url.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const provider = options.provider ?? 'db';
  const timeoutMs = options.timeoutMs ?? 10_000;
  let accessToken: Promise<string> | null = null;

  /** Superset's answer text, shortened, with the password blanked should it ever echo it. */
  async function detail(response: Response): Promise<string> {
    const text = (await response.text().catch(() => '')).replace(/\s+/g, ' ').trim().slice(0, 200);
    return options.password ? text.replaceAll(options.password, '***') : text;
  }

  async function send(what: string, path: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(`${domain}${path}`, {
        ...init,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new SupersetError(
        `Superset ${what} failed: ${domain} could not be reached (${(err as Error).message})`,
      );
    }
  }

  async function parse<T>(what: string, response: Response, schema: z.ZodType<T>): Promise<T> {
    const parsed = schema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new SupersetError(`Superset ${what} failed: unexpected answer`);
    return parsed.data;
  }

  async function login(): Promise<string> {
    const response = await send('login', '/api/v1/security/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        username: options.username,
        password: options.password,
        provider,
        refresh: true,
      }),
    });
    if (!response.ok) {
      throw new SupersetError(
        `Superset login failed: ${response.status} ${await detail(response)}`.trim(),
        response.status,
      );
    }
    return (await parse('login', response, LoginSchema)).access_token;
  }

  /** The kept access token, or one login shared by every request waiting for it. */
  function token(): Promise<string> {
    if (!accessToken) {
      const pending = login();
      accessToken = pending;
      pending.catch(() => {
        if (accessToken === pending) accessToken = null;
      });
    }
    return accessToken;
  }

  async function check(what: string, response: Response): Promise<void> {
    if (response.ok) return;
    const message = `Superset ${what} failed: ${response.status} ${await detail(response)}`.trim();
    if (response.status === 401) throw new Unauthorized(message, 401);
    throw new SupersetError(message, response.status);
  }

  async function requestGuestToken(bearer: string, request: SupersetGuestTokenRequest) {
    const auth = { authorization: `Bearer ${bearer}`, accept: 'application/json' };
    const csrf = await send('CSRF token', '/api/v1/security/csrf_token/', { headers: auth });
    await check('CSRF token', csrf);
    const csrfToken = (await parse('CSRF token', csrf, CsrfSchema)).result;
    const cookie = cookiesOf(csrf);
    const answer = await send('guest token', '/api/v1/security/guest_token/', {
      method: 'POST',
      headers: {
        ...auth,
        'content-type': 'application/json',
        'x-csrftoken': csrfToken,
        // Flask-WTF checks the Referer of HTTPS requests against Superset's own host.
        referer: `${domain}/`,
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify({
        user: request.user,
        resources: [{ type: 'dashboard', id: request.embeddedId }],
        rls: request.rls.map((clause) => ({ clause })),
      }),
    });
    await check('guest token', answer);
    return (await parse('guest token', answer, GuestTokenSchema)).token;
  }

  /** One try with the kept (or a new) access token; a refused token is dropped. */
  async function attempt(request: SupersetGuestTokenRequest): Promise<string> {
    const bearer = token();
    try {
      return await requestGuestToken(await bearer, request);
    } catch (err) {
      if (err instanceof Unauthorized && accessToken === bearer) accessToken = null;
      throw err;
    }
  }

  return {
    domain,
    async guestToken(request) {
      const reused = accessToken !== null;
      let guest: string;
      try {
        guest = await attempt(request);
      } catch (err) {
        // A kept access token that Superset refuses has expired: log in once more. One refused
        // straight after its login is final (e.g. the account lacks can_grant_guest_token).
        if (!(err instanceof Unauthorized) || !reused) throw err;
        guest = await attempt(request);
      }
      return { token: guest, expiresAt: expiryOf(guest, now()) };
    },
  };
}
