import { ERROR_CODES } from '@callsight/shared';

type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** An error with an HTTP status that the error handler turns into the one API error shape. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Sent as `Retry-After` (whole seconds): when a 429's caller may try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, ERROR_CODES.validation, message, fields);
export const unauthenticated = (message: string, code: ErrorCode = ERROR_CODES.unauthenticated) =>
  new AppError(401, code, message);
export const forbidden = (message: string) => new AppError(403, ERROR_CODES.forbidden, message);
export const notFound = (message: string) => new AppError(404, ERROR_CODES.notFound, message);
export const conflict = (message: string) => new AppError(409, ERROR_CODES.conflict, message);
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new AppError(429, ERROR_CODES.rateLimited, message, undefined, retryAfterSeconds);
