import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SUPPORT_EMAIL } from '@callsight/shared';

/** A comma-separated setting as its trimmed, non-empty entries. */
const commaList = (value: string) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/** proxy-addr's named ranges, which Fastify's trustProxy accepts beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const PROXY_ADDRESS_FORMS = [z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()];
const ProxyAddressSchema = z
  .string()
  .refine(
    (v) => PROXY_RANGE_NAMES.includes(v) || PROXY_ADDRESS_FORMS.some((f) => f.safeParse(v).success),
    {
      error: (issue) =>
        `${JSON.stringify(issue.input)} is not a proxy address: list the proxies' IP addresses or CIDRs (e.g. 10.0.0.0/8) or loopback, linklocal, uniquelocal; "true" and hop counts are not accepted`,
    },
  );

/** A CSP frame-ancestors origin: scheme, host (a leading `*.` allowed) and optional port. */
const FrameAncestorSchema = z
  .string()
  .regex(
    /^https?:\/\/(\*\.)?([A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?$/,
    'must be an origin such as https://portal.example.com (scheme, host, optional port; no path)',
  );

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * Server processes on this machine (issue 23): more than 1 makes the server a node:cluster
   * primary forking that many workers sharing PORT. Needs DATABASE_URL and REDIS_URL.
   */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** Redis for push across server processes (socket.io's Redis adapter); required with WORKERS > 1. */
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
    .optional(),
  CALLSIGHT_ADMIN_EMAIL: z.string().email().optional(),
  CALLSIGHT_ADMIN_PASSWORD: z.string().min(8).optional(),
  /** Secret for signing access tokens; when unset one is generated and kept in DATA_DIR. */
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(900),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(60 * 60 * 24 * 14),
  /**
   * Telemetry store (issue 23): a ClickHouse server's HTTP(S) URL (user and password may be in
   * it) keeps call seconds, summaries and softphone logs there; unset, PostgreSQL keeps them.
   */
  CLICKHOUSE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  CLICKHOUSE_DATABASE: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'must be a ClickHouse identifier (letters, digits, _)')
    .default('callsight'),
  /** A cluster name: tables are created ON CLUSTER, replicated, with a Distributed table over them. */
  CLICKHOUSE_CLUSTER: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'must be a ClickHouse identifier (letters, digits, _)')
    .optional(),
  /** Days ClickHouse keeps telemetry (TTL); a change applies at the next start. */
  CLICKHOUSE_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(395),
  /** Seed the demo customer, groups and users on first start. */
  SEED_DEMO: z.stringbool().default(true),
  /** With SEED_DEMO: fill the demo group's call history on first start and keep a live trickle of calls. */
  DEMO_TRAFFIC: z.stringbool().default(true),
  /** Days of demo call history filled on first start (0: none) and weekday calls per day. */
  DEMO_HISTORY_DAYS: z.coerce.number().int().min(0).max(90).default(30),
  DEMO_CALLS_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(24),
  /** Failed sign-ins allowed per account and per address in the window before 429. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(300),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Set cookies with the Secure flag always; without it, whenever the request came over HTTPS. */
  COOKIE_SECURE: z.stringbool().default(false),
  /**
   * Reverse proxies whose X-Forwarded-For/-Proto/-Host are believed (addresses or CIDRs,
   * comma-separated). Unset: none, so a client cannot choose the address the limits count.
   */
  TRUST_PROXY: z.string().default('').transform(commaList).pipe(z.array(ProxyAddressSchema)),
  /** Origins allowed to frame the pages under /embed/ (comma-separated); nothing else is framed. */
  EMBED_FRAME_ANCESTORS: z
    .string()
    .default('')
    .transform(commaList)
    .pipe(z.array(FrameAncestorSchema)),
  /** Contact address shown on the public marketplace pages (GET /api/public/settings). */
  SUPPORT_EMAIL: z
    .string()
    .regex(/^[^\s@]+@[^\s@]+$/)
    .default(DEFAULT_SUPPORT_EMAIL),
  /** Public POST /api/subscription/: attempts allowed per client address in the window before 429. */
  SUBSCRIPTION_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  SUBSCRIPTION_ATTEMPT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  /** EventBridge partner domain: sources are named aws.partner/{domain}/{groupId}/{name}. */
  EVENTBRIDGE_PARTNER_DOMAIN: z
    .string()
    .regex(/^[A-Za-z0-9._-]+$/)
    .default('callsight.local'),
  /** auto: AWS when an access key pair is set, else local; aws: AWS with the SDK's default credentials. */
  EVENTBRIDGE_ADAPTER: z.enum(['auto', 'aws', 'local']).default('auto'),
  /** A source's status is asked of AWS at most this often per process (on list). */
  EVENTBRIDGE_STATUS_REFRESH_SECONDS: z.coerce.number().int().min(0).default(15),
  /** AWS access for EventBridge partner sources (each source names its own region). */
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  AWS_SESSION_TOKEN: z.string().min(1).optional(),
  /** Another AWS endpoint (tests, LocalStack); every region goes there. */
  AWS_ENDPOINT_URL: z.url().optional(),
  /**
   * Usage billing (issue 22): where monthly usage is metered. local (default): the built-in
   * in-memory marketplace; aws: AWS Marketplace Metering (BatchMeterUsage) with the AWS_* keys
   * above or the SDK's default credentials. Never switched on by AWS keys alone.
   */
  MARKETPLACE_METERING_ADAPTER: z.enum(['local', 'aws']).default('local'),
  /** AWS Marketplace Metering's region (SaaS products meter in us-east-1). */
  MARKETPLACE_METERING_REGION: z
    .string()
    .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region such as us-east-1')
    .default('us-east-1'),
  /** Another Metering endpoint (tests, LocalStack); unset: AWS_ENDPOINT_URL, else AWS's own. */
  MARKETPLACE_METERING_ENDPOINT: z.url().optional(),
  /** Run the hourly billing job in this process (it sends each subscription's previous month once). */
  MARKETPLACE_BILLING_JOB: z.stringbool().default(true),
  /** Workflow e-mail: smtp(s)://user:pass@host:port; unset keeps mails in the local mail_outbox table. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'Must be smtp:// or smtps://')
    .optional(),
  SMTP_FROM: z.string().min(3).default('Callsight <no-reply@callsight.local>'),
  /** Workflow actions: time-out of one outside call, attempts in all, and the per-call cool-down. */
  WORKFLOW_ACTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  WORKFLOW_ACTION_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  WORKFLOW_COOLDOWN_SECONDS: z.coerce.number().int().min(0).default(900),
  /** Ingestion writes (one transaction per batch) running at once, waiting in line, and the longest wait before 429. */
  INGEST_MAX_CONCURRENT_WRITES: z.coerce.number().int().min(1).default(4),
  INGEST_MAX_QUEUED_WRITES: z.coerce.number().int().min(0).default(16),
  INGEST_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** How often the usage rollup recomputes the days whose data changed (decision B4); 0: never. */
  USAGE_ROLLUP_INTERVAL_MS: z.coerce.number().int().min(0).default(10_000),
  /** How often the chart rollups recompute the hours whose calls changed (issue 34); 0: never. */
  CHART_ROLLUP_INTERVAL_MS: z.coerce.number().int().min(0).default(10_000),
  /** Whether canvas charts over calls may answer from the chart rollups (false: raw rows only). */
  CHART_ROLLUPS: z.stringbool().default(true),
  /** Largest ingestion request body (10,000 samples take about 3 MB). */
  INGEST_MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(32 * 1024 * 1024),
  /**
   * Campaigns (issue 17): where the built-in SIP dialler sends its INVITEs (host:port of a SIP
   * trunk or PBX); unset, the built-in answering endpoint on loopback answers them.
   */
  DIALLER_SIP_TRUNK: z
    .string()
    .regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'must be host:port, e.g. 10.0.0.5:5060')
    .optional(),
  /** Digest credentials for the trunk, when it challenges. */
  DIALLER_SIP_USERNAME: z.string().min(1).optional(),
  DIALLER_SIP_PASSWORD: z.string().min(1).optional(),
  /**
   * Local address of the dialler's SIP and RTP sockets (reachable from the trunk): an IPv4
   * address, since SDP carries literal addresses and the RTP sockets are IPv4 (decision H1).
   */
  DIALLER_SIP_HOST: z
    .ipv4({ message: 'must be an IPv4 address, e.g. 10.0.0.5' })
    .default('127.0.0.1'),
  /** Campaign calls under way at once in this process, all runs together. */
  DIALLER_MAX_CONCURRENT_CALLS: z.coerce.number().int().min(1).max(20_000).default(2000),
  /**
   * Campaign calls in setup (placed, not yet answered) at once in this process: the most the
   * dialler's pacing allows; it goes lower while the event loop lags (issue 31 item 7).
   */
  DIALLER_MAX_CALLS_IN_SETUP: z.coerce.number().int().min(1).max(20_000).default(500),
  /** The built-in answering endpoint: on with SEED_DEMO unless set; its SIP port (0: any free one). */
  ANSWERING_ENDPOINT: z.stringbool().optional(),
  ANSWERING_ENDPOINT_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Our address as outside services call back to it (Twilio status callbacks), e.g. https://callsight.example.com. */
  PUBLIC_URL: z.url().optional(),
  /** Twilio's REST API (default https://api.twilio.com); another address for tests. */
  TWILIO_API_URL: z.url().optional(),
  /** Synthetic tests (issue 18): run the scheduler in this process (several may share a database). */
  SYNTHETIC_SCHEDULER: z.stringbool().default(true),
  /** Test calls the in-process probe runs at once (0: none; remote probes only). */
  PROBE_CONCURRENCY: z.coerce.number().int().min(0).max(200).default(4),
  /** The contact-centre simulator's SIP port (0: any free one); remote probes call it. */
  CONTACT_CENTRE_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Regions served by remote probes (`npm run probe`); the in-process probe leaves their jobs. */
  PROBE_REMOTE_REGIONS: z.string().default('').transform(commaList),
  /** Transcription of test calls: pocketsphinx when installed (else "not available"), or none. */
  STT_ENGINE: z.enum(['pocketsphinx', 'none']).default('pocketsphinx'),
  /** pocketsphinx's binary and model folder, when not Debian's. */
  POCKETSPHINX_BINARY: z.string().min(1).optional(),
  POCKETSPHINX_MODEL_DIR: z.string().min(1).optional(),
  /** OpenAI-compatible chat model for the copilot and AI summaries; built-in engines when unset. */
  LLM_BASE_URL: z.url().optional(),
  LLM_MODEL: z.string().min(1).optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  /** A real Superset (issue 20): mapped dashboards are embedded from it; the rest stay built in. */
  SUPERSET_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  /** Superset account with can_grant_guest_token (Flask-AppBuilder login, provider db or ldap). */
  SUPERSET_USERNAME: z.string().min(1).optional(),
  SUPERSET_PASSWORD: z.string().min(1).optional(),
  SUPERSET_PROVIDER: z.enum(['db', 'ldap']).default('db'),
  /** JSON object: our dashboard id or canvas key → Superset embedded dashboard uuid. */
  SUPERSET_DASHBOARD_IDS: z
    .string()
    .default('{}')
    .transform((value, ctx) => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
        return z.NEVER;
      }
    })
    .pipe(
      z.record(
        z.string().min(1),
        z.string().regex(/^[A-Za-z0-9-]{1,100}$/, 'must be an embedded dashboard uuid'),
        { error: 'must be a JSON object of dashboard id → embedded uuid' },
      ),
    ),
  /**
   * Origins whose pages may post to the ingestion API (comma-separated, `*` for any). Keys travel
   * in a header, never in cookies, so any origin is safe; narrow it to limit where keys are used.
   */
  INGEST_CORS_ORIGINS: z
    .string()
    .default('*')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
});

/** What several processes on one machine cannot share (decision S16). */
const ScaledConfigSchema = ConfigSchema.superRefine((c, ctx) => {
  if (c.WORKERS === 1) return;
  const refuse = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (!c.DATABASE_URL)
    refuse(
      'WORKERS',
      `WORKERS=${c.WORKERS} needs PostgreSQL: set DATABASE_URL (the embedded PGlite database lives inside one process and cannot be shared), or run with WORKERS=1`,
    );
  if (!c.REDIS_URL)
    refuse(
      'WORKERS',
      `WORKERS=${c.WORKERS} needs REDIS_URL (e.g. redis://127.0.0.1:6379): push messages reach the sockets of every process through Redis`,
    );
  for (const key of ['CONTACT_CENTRE_PORT', 'ANSWERING_ENDPOINT_PORT'] as const)
    if (c[key] !== 0)
      refuse(
        key,
        `${key}=${c[key]} cannot be shared by WORKERS=${c.WORKERS} processes: leave it 0 (each worker takes a free port) or run separate processes with a port each`,
      );
});

export type AppConfig = z.infer<typeof ScaledConfigSchema> & { webDist: string };

/** Reads and validates the environment once at boot. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ScaledConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const webDist = parsed.data.WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist');
  return { ...parsed.data, webDist };
}
