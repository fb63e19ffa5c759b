import { describe, expect, it } from 'vitest';
import type { CallRequest } from '../dialler.ts';
import { parseAnswerTreatment } from '../media/treatment.ts';
import { callbackUrls, parseForm } from './callbacks.ts';
import { callTwiml, createCallParams, holdSeconds, playDigits, ringSeconds } from './twiml.ts';

const steps = (treatment: string) => parseAnswerTreatment(treatment);

describe('Twilio call TwiML and parameters', () => {
  it('writes the treatment as <Play digits>: keys as written, a w per half second', () => {
    expect(playDigits(steps('1w2#w{2}3'))).toBe('1w2#wwww3');
    expect(playDigits(steps('*9w{1.5}0'))).toBe('*9www0');
    expect(playDigits(steps('12'))).toBe('12');
    expect(playDigits(steps(''))).toBe('');
  });

  it('plays the treatment, holds the call for callDuration in whole seconds, then hangs up', () => {
    expect(callTwiml(steps('1w2'), 2_500)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Play digits="1w2"/><Pause length="3"/><Hangup/></Response>',
    );
    expect(callTwiml(steps(''), 1_000)).toContain('<Response><Pause length="1"/><Hangup/>');
    expect(holdSeconds(0)).toBe(1);
    expect(holdSeconds(10_000)).toBe(10);
    expect(holdSeconds(10_001)).toBe(11);
  });

  it('rings for noAnswerTimeout in whole seconds, within what Twilio takes', () => {
    expect(ringSeconds(30_000)).toBe(30);
    expect(ringSeconds(1_200)).toBe(2);
    expect(ringSeconds(0)).toBe(1);
    expect(ringSeconds(3_600_000)).toBe(600);
  });

  it('asks for a recording and its callback only when the call has a recordingPath', () => {
    const request: CallRequest = {
      key: 'run-9:1',
      from: '+15550000001',
      to: '+15550000002',
      noAnswerTimeoutMs: 20_000,
      callDurationMs: 5_000,
      treatment: '1',
    };
    const urls = callbackUrls('https://callsight.example.com/', request.key);
    expect(urls).toEqual({
      status: 'https://callsight.example.com/api/dialler/twilio/status/run-9%3A1',
      recording: 'https://callsight.example.com/api/dialler/twilio/recording/run-9%3A1',
    });
    const plain = createCallParams(request, steps('1'), urls);
    expect(plain).toMatchObject({
      to: request.to,
      from: request.from,
      timeout: 20,
      statusCallback: urls.status,
      statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
      statusCallbackMethod: 'POST',
    });
    expect(plain).not.toHaveProperty('record');
    expect(plain).not.toHaveProperty('recordingStatusCallback');
    const recorded = createCallParams({ ...request, recordingPath: '/tmp/x.wav' }, [], urls);
    expect(recorded).toMatchObject({
      record: true,
      recordingStatusCallback: urls.recording,
      recordingStatusCallbackMethod: 'POST',
    });
  });
});

describe('parseForm', () => {
  it('keeps repeated fields as lists and a field named __proto__ as a field', () => {
    const form = parseForm('A=1&B=x+y&A=2&__proto__=z&C=%26');
    expect(Object.entries(form)).toEqual([
      ['A', ['1', '2']],
      ['B', 'x y'],
      ['__proto__', 'z'],
      ['C', '&'],
    ]);
    expect(Object.getPrototypeOf(form)).toBeNull();
  });
});
