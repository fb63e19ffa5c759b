import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAwsEventBridgeAdapter } from '../src/adapters/eventbridge/aws-eventbridge.ts';
import { EventBridgeAdapterError } from '../src/adapters/eventbridge/index.ts';

/** A local endpoint answering PutPartnerEvents as AWS does (JSON 1.1); it records each call. */
const calls: { target: string; body: { Entries: Record<string, string>[] } }[] = [];
let failEntry = false;
const fake = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      Entries: Record<string, string>[];
    };
    calls.push({ target: String(req.headers['x-amz-target']), body });
    res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
    res.end(
      JSON.stringify(
        failEntry
          ? {
              FailedEntryCount: 1,
              Entries: [{ ErrorCode: 'InternalFailure', ErrorMessage: 'boom' }],
            }
          : { FailedEntryCount: 0, Entries: body.Entries.map((_, i) => ({ EventId: `ev-${i}` })) },
      ),
    );
  });
});
let endpoint: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

describe('AWS EventBridge putEvents (workflow EventBridge action)', () => {
  const adapter = () =>
    createAwsEventBridgeAdapter({
      endpoint,
      credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'secret' },
      maxAttempts: 1,
    });
  const target = { region: 'eu-west-1', name: 'aws.partner/callsight.local/g/calls' };

  it('puts partner events on the source and answers their ids', async () => {
    failEntry = false;
    const ids = await adapter().putEvents(target, [
      { detailType: 'Callsight MOS', detail: { contactId: 'c-1', value: 2.1 } },
    ]);
    expect(ids).toEqual(['ev-0']);
    const last = calls.at(-1);
    expect(last?.target).toBe('AWSEvents.PutPartnerEvents');
    expect(last?.body.Entries[0]).toMatchObject({
      Source: target.name,
      DetailType: 'Callsight MOS',
      Detail: JSON.stringify({ contactId: 'c-1', value: 2.1 }),
    });
  });

  it('fails when AWS refuses an entry', async () => {
    failEntry = true;
    await expect(
      adapter().putEvents(target, [{ detailType: 'x', detail: {} }]),
    ).rejects.toBeInstanceOf(EventBridgeAdapterError);
  });
});
