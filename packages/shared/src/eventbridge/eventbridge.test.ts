import { describe, expect, it } from 'vitest';
import { EventSourceCreateSchema, EventSourceListParamsSchema } from './schemas.ts';
import {
  EVENTBRIDGE_REGIONS,
  EVENTBRIDGE_TEXTS,
  eventSourceStatusOf,
  fullEventSourceName,
} from './constants.ts';
import { createEventSourceErrorText, fetchEventSourcesErrorText } from './errors.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('EventSourceCreateSchema (spec 000 §5)', () => {
  const ok = {
    awsRegion: 'us-east-1',
    eventSourceName: 'calls.prod-1_a',
    accountId: '123456789012',
  };
  it('accepts letters, digits, dot, hyphen and underscore and a 12-digit account', () => {
    expect(EventSourceCreateSchema.parse(ok)).toEqual(ok);
  });
  it('refuses a bad or missing name with the spec text', () => {
    for (const eventSourceName of ['', 'has space', 'a/b', 'ü']) {
      expect(firstMessage(EventSourceCreateSchema.safeParse({ ...ok, eventSourceName }))).toBe(
        EVENTBRIDGE_TEXTS.invalidName,
      );
    }
    expect(
      firstMessage(
        EventSourceCreateSchema.safeParse({ awsRegion: 'us-east-1', accountId: '123456789012' }),
      ),
    ).toBe(EVENTBRIDGE_TEXTS.invalidName);
    expect(EVENTBRIDGE_TEXTS.invalidName).toBe(
      'Event Source Name is required and can only contain alphanumeric characters, hyphens (-), underscores (_), and periods (.)',
    );
  });
  it('refuses an account that is not exactly 12 digits', () => {
    for (const accountId of ['12345678901', '1234567890123', '12345678901a', '']) {
      expect(firstMessage(EventSourceCreateSchema.safeParse({ ...ok, accountId }))).toBe(
        'Invalid Account Number',
      );
    }
  });
  it('refuses a region outside the list', () => {
    expect(firstMessage(EventSourceCreateSchema.safeParse({ ...ok, awsRegion: 'mars-1' }))).toBe(
      'Required (AWS Region)',
    );
  });
});

describe('EventBridge constants (spec 000 §9)', () => {
  it('offers 21 regions from us-east-1 to sa-east-1', () => {
    expect(EVENTBRIDGE_REGIONS).toHaveLength(21);
    expect(EVENTBRIDGE_REGIONS[0]?.value).toBe('us-east-1');
    expect(EVENTBRIDGE_REGIONS.at(-1)?.value).toBe('sa-east-1');
    expect(new Set(EVENTBRIDGE_REGIONS.map((r) => r.value)).size).toBe(21);
  });
  it('builds the full name from prefix, domain, group and name', () => {
    expect(fullEventSourceName('callsight.local', 'g-1', 'calls')).toBe(
      'aws.partner/callsight.local/g-1/calls',
    );
  });
  it('reads unknown statuses as unknown', () => {
    expect(eventSourceStatusOf('ACTIVE')).toBe('active');
    expect(eventSourceStatusOf('pending')).toBe('pending');
    expect(eventSourceStatusOf('weird')).toBe('unknown');
    expect(eventSourceStatusOf(null)).toBe('unknown');
  });
  it('reads the list flag as a boolean, "false" included', () => {
    expect(EventSourceListParamsSchema.parse({ flag: 'false' })).toEqual({ flag: false });
    expect(EventSourceListParamsSchema.parse({ flag: 'true' })).toEqual({ flag: true });
    expect(EventSourceListParamsSchema.safeParse({ flag: 'maybe' }).success).toBe(false);
  });
});

describe('createEventSourceErrorText (spec 000 §8)', () => {
  const http = (message: string, status = 400, fields?: Record<string, string>) => ({
    http: true as const,
    status,
    message,
    ...(fields ? { fields } : {}),
  });
  it('maps each server answer to its text', () => {
    expect(createEventSourceErrorText(http('Caller is not allowlisted', 403))).toBe(
      EVENTBRIDGE_TEXTS.notAllowlisted,
    );
    expect(createEventSourceErrorText(http('ResourceAlreadyExistsException: exists', 409))).toBe(
      'Event source name already exists with given AWS account. Please try again with a unique name.',
    );
    expect(
      createEventSourceErrorText(
        http('Invalid body: eventSourceName', 400, { eventSourceName: 'x' }),
      ),
    ).toBe('Event source name should contain only the following characters...');
    expect(
      createEventSourceErrorText(
        http("1 validation error detected: Value at 'name' failed to satisfy constraint"),
      ),
    ).toBe(EVENTBRIDGE_TEXTS.namePatternFailure);
    expect(createEventSourceErrorText(http('Internal', 500))).toBe(
      'An error occurred while creating event source. Please try again.',
    );
    expect(createEventSourceErrorText({ http: false })).toBe(
      'Unexpected error occurred while creating EventBridge source.',
    );
  });
  it('uses the server text for list and delete failures, else the fallback', () => {
    expect(fetchEventSourcesErrorText(http('Event source not found.', 404))).toBe(
      'Event source not found.',
    );
    expect(fetchEventSourcesErrorText({ http: false })).toBe(
      'Unexpected error occurred while fetching EventBridge sources.',
    );
  });
});
