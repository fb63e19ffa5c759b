import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';

/** Where the logger writes (stdout when not given; tests capture it). */
export interface LogStream {
  write(msg: string): void;
}

/**
 * Fastify's per-request lines ("incoming request", "request completed", "Route … not found") at
 * debug rather than info: at the default level the console keeps the server's own messages, and
 * LOG_LEVEL=debug shows every request. A failed request or a 5xx answer still logs at error.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    // The request too: at the default level no "incoming request" line names it.
    else if (reply.statusCode >= 500)
      reply.log.error({ ...line, req: request }, 'request completed');
    else reply.log.debug(line, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug(`Route ${request.raw.method}:${request.raw.url} not found`);
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) return super.defaultErrorLog(error, request, reply);
    if (this.isLogDisabled(request)) return;
    reply.log.debug({ res: reply, err: error }, error.message);
  }

  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    const premature = (error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE';
    if (!premature) return super.streamError(error, request, reply);
    if (this.isLogDisabled(request)) return;
    reply.log.debug({ res: reply }, 'stream closed prematurely');
  }
}

/** The Fastify options of the server's logger at LOG_LEVEL (`silent`: none). */
export function loggerOptions(level: AppConfig['LOG_LEVEL'], stream?: LogStream) {
  return {
    logger: level === 'silent' ? false : { level, ...(stream ? { stream } : {}) },
    logController: new RequestLogController(),
  };
}
