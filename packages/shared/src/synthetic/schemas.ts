import { z } from 'zod';
import { WINDOW_QUERY_PARAMS, pageInt } from '../common/window-query.ts';
import { TagStatusCellSchema } from '../heartbeat-tagging/schemas.ts';
import {
  AGENT_TYPE_VALUES,
  AUDIO_HOP_LOCATIONS,
  JOB_STATES,
  MONITOR_SCHEDULE_MINUTES,
  PROBE_REGION_NAMES,
  SYNTHETIC_LIMITS,
  SYNTHETIC_TEXTS,
  TEST_SCHEDULE_MINUTES,
  TRANSCRIPTION_UNAVAILABLE_REASONS,
} from './constants.ts';

const T = SYNTHETIC_TEXTS;

const regionList = (message: string) =>
  z
    .array(z.string().trim().min(1), { error: message })
    .min(1, message)
    .max(SYNTHETIC_LIMITS.maxRegions * 2)
    .superRefine((regions, ctx) => {
      for (const r of regions)
        if (!PROBE_REGION_NAMES.includes(r))
          ctx.addIssue({ code: 'custom', message: T.unknownRegion(r) });
    });

const scheduleField = (allowed: readonly number[], message: string) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .refine((m) => allowed.includes(m), T.scheduleNotAllowed(allowed))
    .optional();

/** POST /gsm/monitors (spec 002 §7.1, §5); schedule in minutes, omitted for Run Once. */
export const MonitorCreateInputSchema = z.object({
  description: z
    .string({ error: T.descriptionRequired })
    .trim()
    .min(1, T.descriptionRequired)
    .max(SYNTHETIC_LIMITS.descriptionMaxLength, T.descriptionRequired),
  connectRegions: regionList(T.connectRegionsRequired),
  agentRegions: regionList(T.agentRegionsRequired),
  schedule: scheduleField(MONITOR_SCHEDULE_MINUTES, T.monitorScheduleRequired),
});
export type MonitorCreateInput = z.output<typeof MonitorCreateInputSchema>;

const iso = z.string();
const isoOrNull = z.string().nullable();

/** A monitor (spec 002 §3); nextRun null when not scheduled, schedule 0 for Run Once. */
export const MonitorSchema = z.object({
  monitorId: z.uuid(),
  description: z.string(),
  connectRegions: z.array(z.string()),
  agentRegions: z.array(z.string()),
  schedule: z.number().int(),
  active: z.boolean(),
  createdOn: iso,
  lastRun: isoOrNull,
  nextRun: isoOrNull,
});
export type Monitor = z.infer<typeof MonitorSchema>;
export const MonitorListSchema = z.array(MonitorSchema);

const phone = (message: string) =>
  z
    .string({ error: message })
    // A number typed with a leading space (a lost "+" in a URL) gets its "+" back (§5).
    .transform((v) => (v.startsWith(' ') ? `+${v.trimStart()}` : v.trim()))
    .pipe(z.string().min(1, message).max(40, message));

/** POST /gsm/heartbeat (spec 002 §7.1, §5). */
export const HeartbeatTestCreateInputSchema = z.object({
  sourcePhoneNumber: phone(T.testNumbersRequired),
  targetPhoneNumber: phone(T.testNumbersRequired),
  description: z
    .string({ error: T.testNumbersRequired })
    .trim()
    .min(1, T.testNumbersRequired)
    .max(SYNTHETIC_LIMITS.descriptionMaxLength, T.testNumbersRequired),
  agentType: z.enum(AGENT_TYPE_VALUES, { error: T.agentTypeRequired }),
  agentIds: z
    .array(z.string().trim().min(1).max(200), { error: T.agentsRequired })
    .min(1, T.agentsRequired)
    .max(SYNTHETIC_LIMITS.maxAgents, T.agentsRequired),
  schedule: scheduleField(TEST_SCHEDULE_MINUTES, T.testScheduleRequired),
});
export type HeartbeatTestCreateInput = z.output<typeof HeartbeatTestCreateInputSchema>;

/** A heartbeat test (spec 002 §3). */
export const HeartbeatTestSchema = z.object({
  heartbeatId: z.uuid(),
  agentType: z.enum(AGENT_TYPE_VALUES),
  agentIds: z.array(z.string()),
  sourcePhoneNumber: z.string(),
  targetPhoneNumber: z.string(),
  description: z.string(),
  schedule: z.number().int(),
  active: z.boolean(),
  createdOn: iso,
  lastRun: isoOrNull,
  nextRun: isoOrNull,
});
export type HeartbeatTest = z.infer<typeof HeartbeatTestSchema>;
export const HeartbeatTestListSchema = z.array(HeartbeatTestSchema);

export const SyntheticIdParamsSchema = z.object({ id: z.uuid({ error: 'id must be a uuid' }) });
export const JobRecordingParamsSchema = z.object({
  id: z.uuid({ error: 'id must be a uuid' }),
  location: z.enum([...AUDIO_HOP_LOCATIONS, 'echo', 'connect'], {
    error: 'location must be one of the hops',
  }),
});

const score = z.number().nullable();

/** A job as the logs list it (spec 002 §3 "Job / log"). */
export const SyntheticJobSchema = z.object({
  jobId: z.uuid(),
  kind: z.enum(['monitor', 'heartbeat']),
  heartbeatId: z.string().nullable(),
  monitorId: z.string().nullable(),
  agentId: z.string().nullable(),
  agentType: z.enum(AGENT_TYPE_VALUES).nullable(),
  cxScore: score,
  axScore: score,
  networkScore: score,
  mos: score,
  diallerCallId: z.string().nullable(),
  receiverCallId: z.string().nullable(),
  callContactId: z.string().nullable(),
  callSid: z.string().nullable(),
  status: z.enum(JOB_STATES),
  description: z.string(),
  carrier: z.string().nullable(),
  tags: z.array(z.string()),
  toNumber: z.string().nullable(),
  fromNumber: z.string().nullable(),
  connectRegion: z.string().nullable(),
  agentRegion: z.string().nullable(),
  /** One line about the job for previews (e.g. "Completed in 42 s, MOS 4.21"). */
  preview: z.string(),
  createdOn: iso,
  updatedOn: iso,
});
export type SyntheticJob = z.infer<typeof SyntheticJobSchema>;
export const SyntheticJobListSchema = z.array(SyntheticJobSchema);

/**
 * A job as the insights pages read it (GET …/jobs?view=insights, spec 002 §2.4, §2.8): the
 * scatter chart's time, scores and tooltip, the tables' columns. The row preview reads the rest
 * (the preview line, the From number) from the job's details, which it fetches anyway. A list of
 * 1,000 jobs spends its time in Node reading, encoding and sending rows: these are 15 of a job's
 * 25 fields, half the bytes (decision I14).
 */
export const InsightJobSchema = SyntheticJobSchema.pick({
  jobId: true,
  status: true,
  createdOn: true,
  description: true,
  cxScore: true,
  axScore: true,
  networkScore: true,
  mos: true,
  tags: true,
  carrier: true,
  agentType: true,
  agentId: true,
  toNumber: true,
  connectRegion: true,
  agentRegion: true,
});
export type InsightJob = z.infer<typeof InsightJobSchema>;
export const InsightJobListSchema = z.array(InsightJobSchema);

/** GET …/jobs?view=insights answers exactly these fields, no other. */
export const InsightJobAnswerSchema = z.array(z.strictObject(InsightJobSchema.shape));

/**
 * GET …/jobs answers full rows, or with view=insights the insights rows. Full rows come first:
 * a union encodes with the first option that fits, and trying 1,000 full rows as insights rows
 * first would cost more than encoding them (the server encodes insights rows with
 * InsightJobAnswerSchema alone).
 */
export const SyntheticJobsAnswerSchema = z.union([SyntheticJobListSchema, InsightJobAnswerSchema]);

const listParam = (field: string, max = 200) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((value, ctx) => {
      const values = (Array.isArray(value) ? value : value.split(','))
        .map((v) => v.trim())
        .filter((v) => v !== '');
      if (values.some((v) => v.length > max)) {
        ctx.addIssue({
          code: 'custom',
          message: `${field} values must be at most ${max} characters`,
        });
        return z.NEVER;
      }
      return values;
    })
    .optional();

/** GET …/jobs criteria (§7.1): window, statuses, agent types, target numbers, regions. */
export const SyntheticJobsQuerySchema = z.strictObject({
  ...WINDOW_QUERY_PARAMS,
  size: pageInt('size', 1, SYNTHETIC_LIMITS.maxPageSize).default(SYNTHETIC_LIMITS.pageSize),
  status: listParam('status'),
  agentType: listParam('agentType'),
  targetPhoneNumber: listParam('targetPhoneNumber'),
  connectRegions: listParam('connectRegions'),
  agentRegions: listParam('agentRegions'),
  heartbeatId: z.uuid().optional(),
  monitorId: z.uuid().optional(),
});
export type SyntheticJobsQuery = z.output<typeof SyntheticJobsQuerySchema>;

/** The row shapes of GET …/jobs: every field (the logs), or the insights pages' (InsightJob). */
export const JOB_LIST_VIEWS = ['full', 'insights'] as const;
export type JobListView = (typeof JOB_LIST_VIEWS)[number];

/** GET …/jobs (§7.1): the criteria, and `view`, the shape of its rows (default full). */
export const SyntheticJobsListQuerySchema = SyntheticJobsQuerySchema.extend({
  view: z
    .enum(JOB_LIST_VIEWS, { error: `view must be one of ${JOB_LIST_VIEWS.join(', ')}` })
    .default('full'),
});
export type SyntheticJobsListQuery = z.output<typeof SyntheticJobsListQuerySchema>;

/** GET monitors or tests: their creation window (default 30 days for monitors, 7 for tests). */
export const SyntheticListQuerySchema = z.strictObject({
  ...WINDOW_QUERY_PARAMS,
  size: pageInt('size', 1, SYNTHETIC_LIMITS.maxPageSize).default(SYNTHETIC_LIMITS.maxPageSize),
});
export type SyntheticListQuery = z.output<typeof SyntheticListQuerySchema>;

const minMaxAvg = z.object({
  min: z.number().nullable(),
  max: z.number().nullable(),
  avg: z.number().nullable(),
});

/** One hop's listening-quality score on the 1-5 (POLQA-comparable) scale. */
export const PolqaScoreSchema = z.object({
  location: z.enum(AUDIO_HOP_LOCATIONS),
  score: z.number().nullable(),
  /** standard (narrowband, reference 4.5) or wideband (reference 4.8). */
  type: z.string(),
  reference: z.number(),
  /** (reference - score) / reference * 100 (§9). */
  lossPercent: z.number().nullable(),
  /** Our route serving the recording of this hop (WAV). */
  url: z.string().nullable(),
  /** Delay of the recording against its reference (ms). */
  delayMs: z.number().nullable(),
  /** Envelopes (min/max pairs) of the reference and the recording, for the waveform chart. */
  waveform: z.object({ reference: z.array(z.number()), degraded: z.array(z.number()) }).nullable(),
});
export type PolqaScore = z.infer<typeof PolqaScoreSchema>;

export const AudioLatencySchema = z.object({
  recordingType: z.enum(['echo', 'connect']),
  averageLatencyMs: z.number(),
});

export const JobDetailsSchema = z.object({
  job: SyntheticJobSchema,
  tags: z.array(z.string()),
  /**
   * Per tagging config of the group when the job ended: its tag, or Good (Normal for latency);
   * absent on jobs stored before it was kept.
   */
  tagStatus: z.array(TagStatusCellSchema).optional(),
  polqaScores: z.array(PolqaScoreSchema),
  audioLatency: z.array(AudioLatencySchema),
  /** echo - connect (ms), when both were measured (§9). */
  pstnLatencyMs: z.number().nullable(),
  transcription: z
    .object({
      transcriptionJobName: z.string(),
      languageCode: z.string(),
      /** The engine used, or 'not available' when none is present. */
      engine: z.string(),
      available: z.boolean(),
      /**
       * Why there is no evaluation: the engine is not installed on the probe's machine, turned
       * off (STT_ENGINE=none), or failed. Absent on jobs stored before issue 33.
       */
      unavailableReason: z.enum(TRANSCRIPTION_UNAVAILABLE_REASONS).nullish(),
      asrEvaluation: z
        .object({
          wer: z.number(),
          wrr: z.number(),
          substitutions: z.number().int(),
          insertions: z.number().int(),
          deletions: z.number().int(),
          transcripts: z.array(
            z.object({ location: z.string(), reference: z.string(), hypothesis: z.string() }),
          ),
        })
        .nullable(),
    })
    .nullable(),
  softphoneEvents: z.object({
    connected: isoOrNull,
    accepted: isoOrNull,
    ended: isoOrNull,
  }),
  softphoneSummary: z
    .object({
      agentISP: z.string().nullable(),
      agentLocalIPAddress: z.string().nullable(),
      agentExternalIPAddress: z.string().nullable(),
      browser: z.object({ name: z.string(), version: z.string() }).nullable(),
      agentCountry: z.string().nullable(),
      agentRegion: z.string().nullable(),
      networkType: z.string().nullable(),
      networkPerformanceMetrics: z.object({
        jitter: minMaxAvg,
        packetLoss: minMaxAvg,
        outboundPacketLossPercentage: minMaxAvg,
        rtt: minMaxAvg,
        mos: minMaxAvg,
      }),
      system: z.object({
        /** CPU used (%). */
        cpu: minMaxAvg.extend({ model: z.string().nullable() }),
        /** Memory used (%), and the machine's total memory (MB). */
        memory: minMaxAvg.extend({ total: z.number().nullable() }),
      }),
      iceServers: z.array(z.object({ turnIpAddress: z.string(), port: z.number() })),
    })
    .nullable(),
  contactTraceSummary: z.object({ SystemEndpoint: z.object({ Address: z.string() }) }).nullable(),
  /**
   * The call's network measures the Network score is made of: per measure the worse of the
   * customer leg and the agent leg (averages; decision G14). Absent on jobs stored before issue 33.
   */
  network: z
    .object({
      jitterMs: z.number().nullable(),
      packetLossPercent: z.number().nullable(),
      rttMs: z.number().nullable(),
    })
    .optional(),
  telephony: z.object({
    sipCode: z.number().nullable(),
    sipReason: z.string().nullable(),
    postDialDelayMs: z.number().nullable(),
    ringingMs: z.number().nullable(),
    /** Seconds from accepted to connected, and between connected and ended (§9). */
    answerTimeSec: z.number().nullable(),
    durationSec: z.number().nullable(),
  }),
  /** Why the job ended as it did, in words (the stored message of the report's snackbar). */
  message: z.string().nullable(),
});
export type JobDetails = z.infer<typeof JobDetailsSchema>;

/** GET …/jobs/{id}/stats: per-second call stats of the agent leg (§3). */
export const JobStatsSchema = z.array(
  z.object({
    timestamp: iso,
    rtt: z.number().nullable(),
    mos: z.number().nullable(),
    packetsLost: z.number().nullable(),
    jitter: z.number().nullable(),
  }),
);
export type JobStats = z.infer<typeof JobStatsSchema>;

/** GET …/jobs/{id}/insights (§3 "Insights summary"). */
export const JobInsightsSchema = z.object({
  summary: z.object({
    from: z.object({ caller: z.string().nullable() }),
    to: z.object({ callee: z.string().nullable(), carrier: z.string().nullable() }),
    properties: z.object({
      pdd_ms: z.number().nullable(),
      last_sip_response_num: z.number().nullable(),
    }),
  }),
  carrier_edge: z.string().nullable(),
});
export type JobInsights = z.infer<typeof JobInsightsSchema>;

const periodFigures = z.object({
  from: iso,
  to: iso,
  count: z.number().int(),
  completedPercentage: z.number().nullable(),
  cxScore: z.number().nullable(),
  axScore: z.number().nullable(),
  networkScore: z.number().nullable(),
});

/** GET …/jobs/stats: the current window and the one before it, of equal length (§7.1). */
export const PeriodStatsSchema = z.object({ current: periodFigures, previous: periodFigures });
export type PeriodStats = z.infer<typeof PeriodStatsSchema>;

/** GET /gsm/heartbeat/numbers/source. */
export const SourceNumbersSchema = z.array(z.string());

/** GET /gsm/heartbeat/options: the Heartbeat Config's target numbers and virtual agent names. */
export const HeartbeatOptionsSchema = z.object({
  targetPhoneNumbers: z.array(z.string()),
  virtualAgentNames: z.array(z.string()),
});
export type HeartbeatOptions = z.infer<typeof HeartbeatOptionsSchema>;

/** GET …/jobs/regions (status map, §2.5): the window only (default the last 4 hours). */
export const RegionStatsQuerySchema = z.strictObject({
  fromTime: WINDOW_QUERY_PARAMS.fromTime,
  toTime: WINDOW_QUERY_PARAMS.toTime,
  timezone: WINDOW_QUERY_PARAMS.timezone,
});
export type RegionStatsQuery = z.output<typeof RegionStatsQuerySchema>;

/** A region's health on the map: green, yellow or red as the gauges; none without a finished job. */
export const RegionHealthSchema = z.enum(['green', 'yellow', 'red', 'none']);
export type RegionHealth = z.infer<typeof RegionHealthSchema>;

/** One connect or agent region's jobs in the window. */
export const RegionStatSchema = z.object({
  role: z.enum(['connect', 'agent']),
  region: z.string(),
  /** Every job of the window, under way ones included (the bubble's size). */
  jobs: z.number().int(),
  /** Jobs that ended (any status but Queued and Running). */
  finished: z.number().int(),
  completed: z.number().int(),
  /** Completed among the finished jobs, 0-100; null when none finished. */
  completedPercentage: z.number().nullable(),
  /** Mean scores of the jobs with scores (Completed and Poor Call Quality). */
  cxScore: score,
  axScore: score,
  networkScore: score,
  lastJobOn: isoOrNull,
  health: RegionHealthSchema,
});
export type RegionStat = z.infer<typeof RegionStatSchema>;

export const RegionStatsSchema = z.object({
  from: iso,
  to: iso,
  regions: z.array(RegionStatSchema),
});
export type RegionStats = z.infer<typeof RegionStatsSchema>;
