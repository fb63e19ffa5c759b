import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that speaks AWS Marketplace Metering's BatchMeterUsage (JSON 1.1: POST /
 * with X-Amz-Target AWSMPMeteringService.BatchMeterUsage) as AWS does: at most 25 records, one
 * record per customer, dimension and hour (the same record again is Success with the same id,
 * another quantity for that hour is DuplicateRecord). The real SDK makes real, signed calls to it.
 */

/** One request as it arrived. */
export interface MeteringRequest {
  target: string;
  contentType: string;
  authorization: string;
  body: {
    ProductCode?: string;
    UsageRecords?: {
      Timestamp: number;
      CustomerIdentifier: string;
      Dimension: string;
      Quantity: number;
    }[];
  };
}

/** A record the server accepted (once per customer, dimension and hour). */
export interface MeteredRecord {
  productCode: string;
  customerIdentifier: string;
  dimension: string;
  quantity: number;
  /** Epoch seconds as sent. */
  timestamp: number;
  meteringRecordId: string;
}

/** An answer to force instead of the normal one. */
export type ForcedAnswer =
  | { status: number; type: string; message: string }
  /** Answer normally, but leave every record unprocessed. */
  | 'unprocessed'
  /** Close the connection without an answer. */
  | 'drop';

export interface MeteringServer {
  url: string;
  received: MeteringRequest[];
  /** Accepted records, in arrival order. */
  metered: MeteredRecord[];
  /** Customers answered CustomerNotSubscribed. */
  unsubscribed: Set<string>;
  /** Answers to give to the next requests, in order. */
  forceNext(...answers: ForcedAnswer[]): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startMeteringServer(): Promise<MeteringServer> {
  const received: MeteringRequest[] = [];
  const metered: MeteredRecord[] = [];
  const byKey = new Map<string, MeteredRecord>();
  const unsubscribed = new Set<string>();
  const forced: ForcedAnswer[] = [];
  let nextId = 1;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(
        Buffer.concat(chunks).toString('utf8') || '{}',
      ) as MeteringRequest['body'];
      const target = String(req.headers['x-amz-target'] ?? '');
      received.push({
        target,
        contentType: String(req.headers['content-type']),
        authorization: String(req.headers.authorization),
        body,
      });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, {
          'content-type': 'application/x-amz-json-1.1',
          'x-amzn-requestid': `req-${received.length}`,
        });
        res.end(JSON.stringify(payload));
      };
      const error = (status: number, type: string, message: string) =>
        send(status, { __type: type, message });
      const force = forced.shift();
      if (force === 'drop') return req.socket.destroy();
      if (force && force !== 'unprocessed') return error(force.status, force.type, force.message);
      if (target !== 'AWSMPMeteringService.BatchMeterUsage') {
        return error(400, 'UnknownOperationException', `Unknown operation ${target}`);
      }
      const records = body.UsageRecords ?? [];
      if (!body.ProductCode) return error(400, 'InvalidProductCodeException', 'No product code');
      if (records.length === 0 || records.length > 25) {
        return error(400, 'ValidationException', 'UsageRecords must hold 1 to 25 records');
      }
      if (force === 'unprocessed') return send(200, { Results: [], UnprocessedRecords: records });
      const Results = records.map((record) => {
        const hour = Math.floor(record.Timestamp / 3600) * 3600;
        const key = `${body.ProductCode}/${record.CustomerIdentifier}/${record.Dimension}/${hour}`;
        if (unsubscribed.has(record.CustomerIdentifier)) {
          return { UsageRecord: record, Status: 'CustomerNotSubscribed' };
        }
        const before = byKey.get(key);
        if (before) {
          return before.quantity === record.Quantity
            ? { UsageRecord: record, MeteringRecordId: before.meteringRecordId, Status: 'Success' }
            : { UsageRecord: record, Status: 'DuplicateRecord' };
        }
        const row: MeteredRecord = {
          productCode: body.ProductCode ?? '',
          customerIdentifier: record.CustomerIdentifier,
          dimension: record.Dimension,
          quantity: record.Quantity,
          timestamp: record.Timestamp,
          meteringRecordId: `mr-${nextId++}`,
        };
        byKey.set(key, row);
        metered.push(row);
        return { UsageRecord: record, MeteringRecordId: row.meteringRecordId, Status: 'Success' };
      });
      return send(200, { Results, UnprocessedRecords: [] });
    });
  });
  // Longer than any pause between a test's calls: the SDK reuses its kept-alive connection, and
  // one closed by the server as it is reused fails the call (the tests run with one attempt).
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    metered,
    unsubscribed,
    forceNext: (...answers) => forced.push(...answers),
    reset() {
      received.length = 0;
      metered.length = 0;
      byKey.clear();
      unsubscribed.clear();
      forced.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
