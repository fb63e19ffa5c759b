import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import {
  createAwsMeteringAdapter,
  createLocalMeteringAdapter,
  createMeteringAdapter,
  truncateToHour,
  type UsageRecordInput,
} from '../src/adapters/marketplace-metering/index.ts';
import { startMeteringServer, type MeteringServer } from './support/marketplace-metering-server.ts';

let server: MeteringServer;
beforeAll(async () => {
  server = await startMeteringServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const credentials = { accessKeyId: 'AKIDMETERING', secretAccessKey: 'test-secret' };
const adapter = (maxAttempts = 1) =>
  createAwsMeteringAdapter({ region: 'us-east-1', endpoint: server.url, credentials, maxAttempts });

/** 10:23:45.678 UTC on a day: not on the hour. */
const at = new Date('2026-03-02T10:23:45.678Z');
const hourSeconds = Date.parse('2026-03-02T10:00:00Z') / 1000;

function records(n: number, quantity = 7): UsageRecordInput[] {
  return Array.from({ length: n }, (_, i) => ({
    customerIdentifier: `cust-${i}`,
    dimension: 'DurationRoundedMin',
    quantity,
    timestamp: at,
  }));
}

describe('AWS Marketplace Metering through the SDK against a local Metering-like server', () => {
  it('sends signed JSON 1.1 BatchMeterUsage calls of at most 25 records, hours truncated', async () => {
    const out = await adapter().batchMeterUsage('prod-1', records(30));

    expect(server.received).toHaveLength(2);
    for (const req of server.received) {
      expect(req.target).toBe('AWSMPMeteringService.BatchMeterUsage');
      expect(req.contentType).toBe('application/x-amz-json-1.1');
      expect(req.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDMETERING\/\d{8}\/us-east-1\/aws-marketplace\/aws4_request/,
      );
      expect(req.body.ProductCode).toBe('prod-1');
    }
    expect(server.received.map((r) => r.body.UsageRecords?.length)).toEqual([25, 5]);
    const first = server.received[0]?.body.UsageRecords?.[0];
    expect(first).toEqual({
      CustomerIdentifier: 'cust-0',
      Dimension: 'DurationRoundedMin',
      Quantity: 7,
      Timestamp: hourSeconds,
    });
    expect(
      server.received.flatMap((r) => r.body.UsageRecords ?? []).map((u) => u.Timestamp),
    ).toEqual(Array(30).fill(hourSeconds));

    expect(out.unprocessed).toEqual([]);
    expect(out.results).toHaveLength(30);
    expect(out.results[0]).toMatchObject({
      customerIdentifier: 'cust-0',
      dimension: 'DurationRoundedMin',
      quantity: 7,
      status: 'Success',
      meteringRecordId: 'mr-1',
    });
    expect(out.results[0]?.timestamp.toISOString()).toBe('2026-03-02T10:00:00.000Z');
    expect(server.metered).toHaveLength(30);
  });

  it('is idempotent per customer, dimension and hour: a resend is not metered twice', async () => {
    const a = adapter();
    const first = await a.batchMeterUsage('prod-1', records(2));
    // Later in the same hour: the same record at AWS.
    const again = await a.batchMeterUsage(
      'prod-1',
      records(2).map((r) => ({ ...r, timestamp: new Date(at.getTime() + 20 * 60_000) })),
    );
    expect(again.results.map((r) => r.meteringRecordId)).toEqual(
      first.results.map((r) => r.meteringRecordId),
    );
    expect(again.results.every((r) => r.status === 'Success')).toBe(true);
    expect(server.metered).toHaveLength(2);

    const other = await a.batchMeterUsage('prod-1', records(1, 8));
    expect(other.results[0]?.status).toBe('DuplicateRecord');
    expect(other.results[0]?.meteringRecordId).toBeUndefined();
    expect(server.metered).toHaveLength(2);
  });

  it('answers CustomerNotSubscribed per record', async () => {
    server.unsubscribed.add('cust-1');
    const out = await adapter().batchMeterUsage('prod-1', records(2));
    expect(out.results.map((r) => r.status)).toEqual(['Success', 'CustomerNotSubscribed']);
  });

  it('surfaces an HTTP 500 as unprocessed records with the reason, without throwing', async () => {
    server.forceNext({ status: 500, type: 'InternalServiceErrorException', message: 'boom' });
    const out = await adapter(1).batchMeterUsage('prod-1', records(3));
    expect(out.results).toEqual([]);
    expect(out.unprocessed).toHaveLength(3);
    expect(out.unprocessed[0]?.reason).toMatch(/InternalServiceErrorException: boom \(HTTP 500\)/);
    expect(out.unprocessed[0]?.timestamp.toISOString()).toBe('2026-03-02T10:00:00.000Z');
    expect(server.metered).toEqual([]);
  });

  it('surfaces throttling that outlasts the SDK retries as a failure', async () => {
    const throttled = { status: 400, type: 'ThrottlingException', message: 'Rate exceeded' };
    server.forceNext(throttled, throttled);
    const out = await adapter(2).batchMeterUsage('prod-1', records(1));
    expect(server.received).toHaveLength(2);
    expect(out.unprocessed[0]?.reason).toMatch(/ThrottlingException: Rate exceeded/);
  });

  it('lets the SDK retry one 500 by itself when attempts are left', async () => {
    server.forceNext({ status: 500, type: 'InternalServiceErrorException', message: 'once' });
    const out = await adapter(3).batchMeterUsage('prod-1', records(1));
    expect(server.received).toHaveLength(2);
    expect(out.results[0]?.status).toBe('Success');
  });

  it('fails only the batch whose call failed', async () => {
    server.forceNext({ status: 503, type: 'ServiceUnavailable', message: 'down' });
    const out = await adapter(1).batchMeterUsage('prod-1', records(27));
    expect(out.unprocessed.map((r) => r.customerIdentifier)).toEqual(
      records(25).map((r) => r.customerIdentifier),
    );
    expect(out.results.map((r) => r.customerIdentifier)).toEqual(['cust-25', 'cust-26']);
  });

  it("returns AWS's UnprocessedRecords as unprocessed, and a dropped connection too", async () => {
    server.forceNext('unprocessed');
    const out = await adapter().batchMeterUsage('prod-1', records(2));
    expect(out.unprocessed).toHaveLength(2);
    expect(out.unprocessed[0]?.reason).toMatch(/Unprocessed/);

    server.forceNext('drop');
    const dropped = await adapter(1).batchMeterUsage('prod-1', records(1));
    expect(dropped.unprocessed).toHaveLength(1);
    expect(dropped.results).toEqual([]);
  });
});

describe('local metering', () => {
  it('answers Success with a deterministic id and DuplicateRecord for another quantity', async () => {
    const local = createLocalMeteringAdapter();
    const one = await local.batchMeterUsage('prod-1', records(2));
    expect(one.results.every((r) => r.status === 'Success')).toBe(true);
    const again = await createLocalMeteringAdapter().batchMeterUsage('prod-1', records(2));
    expect(again.results.map((r) => r.meteringRecordId)).toEqual(
      one.results.map((r) => r.meteringRecordId),
    );
    const same = await local.batchMeterUsage('prod-1', records(1));
    expect(same.results[0]?.meteringRecordId).toBe(one.results[0]?.meteringRecordId);
    expect((await local.batchMeterUsage('prod-1', records(1, 9))).results[0]?.status).toBe(
      'DuplicateRecord',
    );
    expect(local.metered).toHaveLength(2);
    expect(local.metered[0]?.timestamp).toEqual(truncateToHour(at));
  });

  it('is the default; AWS only when MARKETPLACE_METERING_ADAPTER=aws', () => {
    const base = { LOG_LEVEL: 'silent', DATA_DIR: 'memory://' };
    const withKeys = { ...base, AWS_ACCESS_KEY_ID: 'AKID', AWS_SECRET_ACCESS_KEY: 'secret' };
    expect(createMeteringAdapter(loadConfig(base)).provider).toBe('local');
    expect(createMeteringAdapter(loadConfig(withKeys)).provider).toBe('local');
    const aws = createMeteringAdapter(
      loadConfig({
        ...withKeys,
        MARKETPLACE_METERING_ADAPTER: 'aws',
        MARKETPLACE_METERING_ENDPOINT: server.url,
      }),
    );
    expect(aws.provider).toBe('aws-marketplace');
    expect(aws.name).toContain('us-east-1');
    expect(() => loadConfig({ ...base, MARKETPLACE_METERING_REGION: 'nowhere' })).toThrow(
      /MARKETPLACE_METERING_REGION/,
    );
  });
});
