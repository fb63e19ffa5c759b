import {
  OtlpRequestError,
  ProtobufDecodeError,
  decodeExportTraceRequest,
  normalizeExportRequest,
} from '@callsight/shared';
import { badRequest } from '../../lib/errors.ts';
import type { ConcurrencyGate } from '../telemetry/concurrency-gate.ts';
import type { StoredSpans } from './ingest-traces.ts';
import type { TelemetryStore } from '../telemetry-store/telemetry-store.ts';

export interface OtlpExportResult extends StoredSpans {
  rejectedSpans: number;
  errorMessage: string;
}

/**
 * POST /v1/traces: decodes an OTLP export (protobuf bytes or parsed JSON), keeps the valid spans
 * and stores them for the group in the telemetry store through the ingestion write gate
 * (GateFullError when it is full); a body that is no export request at all is 400.
 */
export async function ingestOtlpTraces(
  store: Pick<TelemetryStore, 'storeSpans'>,
  gate: ConcurrencyGate,
  groupId: string,
  body: unknown,
): Promise<OtlpExportResult> {
  let normalized;
  try {
    const decoded = body instanceof Uint8Array ? decodeExportTraceRequest(body) : body;
    normalized = normalizeExportRequest(decoded);
  } catch (err) {
    if (err instanceof OtlpRequestError || err instanceof ProtobufDecodeError)
      throw badRequest(err.message);
    throw err;
  }
  const spans = normalized.spans;
  const stored = await gate.run(() => store.storeSpans(groupId, spans));
  return {
    ...stored,
    rejectedSpans: normalized.rejectedSpans,
    errorMessage: normalized.errorMessage,
  };
}
