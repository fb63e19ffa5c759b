import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@callsight/shared';
import type { AppContext } from '../app-context.ts';
import {
  parseForm,
  TWILIO_CALLBACK_PATHS,
  TwilioRecordingFormSchema,
  TwilioStatusFormSchema,
  twilioCallbacks,
  type TwilioCallbackKind,
} from '../adapters/dialler/twilio/callbacks.ts';
import { forbidden } from '../lib/errors.ts';

const ParamsSchema = z.object({ key: z.string().min(1).max(200) });
/** A callback's form is a few hundred bytes. */
const BODY_LIMIT_BYTES = 64 * 1024;
const errors = { 400: ApiErrorSchema, 403: ApiErrorSchema };
const tags = ['campaigns'];

/** Refuses, before the form is validated, a callback not signed for a call we placed. */
function signedByTwilio(kind: TwilioCallbackKind) {
  return async (request: FastifyRequest<{ Params: { key: string } }>) => {
    const signature = request.headers['x-twilio-signature'];
    const valid = twilioCallbacks.verify(
      kind,
      request.params.key,
      typeof signature === 'string' ? signature : '',
      request.body,
    );
    if (!valid) throw forbidden('Invalid Twilio signature');
  };
}

/**
 * Twilio's callbacks for campaign calls placed through it (issue 17): call status and recording
 * status, form-encoded. No user signs in: X-Twilio-Signature, made with the auth token of the
 * dialler that placed the call, authenticates each (public routes).
 */
export async function twilioCallbackRoutes({ app }: Pick<AppContext, 'app'>) {
  // The form parser lives in this scope only: no other route takes form bodies.
  await app.register(async (scoped) => {
    const form = scoped.withTypeProvider<ZodTypeProvider>();
    form.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request: FastifyRequest, body: string, done: (err: null, value: unknown) => void) =>
        done(null, parseForm(body)),
    );

    form.post(`${TWILIO_CALLBACK_PATHS.status}/:key`, {
      bodyLimit: BODY_LIMIT_BYTES,
      preValidation: signedByTwilio('status'),
      schema: {
        tags,
        summary:
          "Twilio's status callback of a campaign call (form-encoded, signed with X-Twilio-Signature)",
        consumes: ['application/x-www-form-urlencoded'],
        security: [],
        params: ParamsSchema,
        body: TwilioStatusFormSchema,
        response: { 204: z.null().describe('Taken'), ...errors },
      },
      handler: async (request, reply) => {
        twilioCallbacks.dispatchStatus(request.params.key, request.body);
        return reply.code(204).send(null);
      },
    });

    form.post(`${TWILIO_CALLBACK_PATHS.recording}/:key`, {
      bodyLimit: BODY_LIMIT_BYTES,
      preValidation: signedByTwilio('recording'),
      schema: {
        tags,
        summary:
          "Twilio's recording status callback of a campaign call: the recording is fetched to the call log",
        consumes: ['application/x-www-form-urlencoded'],
        security: [],
        params: ParamsSchema,
        body: TwilioRecordingFormSchema,
        response: { 204: z.null().describe('Taken'), ...errors },
      },
      handler: async (request, reply) => {
        twilioCallbacks.dispatchRecording(request.params.key, request.body);
        return reply.code(204).send(null);
      },
    });
  });
}
