import { describe, expect, it } from 'vitest';
import {
  campaignFieldOf,
  campaignWizardSchema,
  copyCampaignValues,
  emptyCampaignValues,
  minimumDurationText,
  type CampaignFormValues,
} from './campaign-form.ts';
import { runShowsData, runWizardSchema } from './run-form.ts';
import { makeCampaign } from '../test/factories.ts';

const valid = (over: Partial<CampaignFormValues> = {}): CampaignFormValues => ({
  ...emptyCampaignValues(),
  type: 'fullload',
  name: 'Spring load',
  fromNumber: '+61390000000',
  ...over,
});

/** The first message per field of a refused value. */
function errorsOf(values: CampaignFormValues, cpsLimit: number | null = 5) {
  const result = campaignWizardSchema(cpsLimit).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('campaignWizardSchema', () => {
  it('gives each step its spec text', () => {
    const errors = errorsOf({ ...emptyCampaignValues(), totalCalls: 'x' });
    expect(errors.type).toBe('Please select the Campaign Type.');
    expect(errors.name).toBe('Please enter a Campaign Name.');
    expect(errors.fromNumber).toBe('Please select/enter the From Number.');
    expect(errors.totalCalls).toBe('Please enter valid campaign details.');
    expect(errorsOf(valid({ toNumber: '0412' })).toNumber).toBe('Invalid phone number');
    expect(errorsOf(valid({ answerTreatment: '12x' })).answerTreatment).toBe(
      'Please enter valid answer treatment',
    );
  });

  it('checks the CPS limit and the minimum call duration', () => {
    expect(errorsOf(valid({ callsPerSecond: '6' }), 5).callsPerSecond).toBe('CPS limit is 5');
    expect(errorsOf(valid({ callsPerSecond: '6' }), null).callsPerSecond).toBeUndefined();
    // 10 calls at 1 per second: round(10 / 1 * 1.5) = 15.
    expect(errorsOf(valid({ callDuration: '14' })).callDuration).toBe('Minimum value is 15');
    expect(errorsOf(valid({ callDuration: '15' }))).toEqual({});
  });

  it('needs a CSV holding every {$Key} of the treatment', () => {
    const treatment = { answerTreatment: '1w{2}{$Pin}#' };
    expect(errorsOf(valid(treatment)).dataFile).toBe(
      'Upload a CSV file with the column Pin used by the answer treatment.',
    );
    const file = (text: string, name = 'data.csv') => ({ name, size: text.length, text });
    expect(errorsOf(valid({ ...treatment, dataFile: file('Account\n1\n') })).dataFile).toBe(
      'The CSV file has no column Pin.',
    );
    expect(errorsOf(valid({ dataFile: file('a,b\n1\n') })).dataFile).toBe(
      'Row 1 has 1 values; the header has 2',
    );
    expect(errorsOf(valid({ dataFile: file('a\n1\n', 'data.txt') })).dataFile).toBe(
      'Upload accepts one .csv file only',
    );
    expect(errorsOf(valid({ ...treatment, dataFile: file('Pin\n1234\n') }))).toEqual({});
  });

  it('saves the shared create input, leaving empty values out', () => {
    const result = campaignWizardSchema(5).parse(
      valid({ tags: ['a'], dataFile: { name: 'rows.csv', size: 6, text: 'Pin\n1\n' } }),
    );
    expect(result).toEqual({
      fields: {
        type: 'fullload',
        name: 'Spring load',
        tags: ['a'],
        fromNumber: '+61390000000',
        totalCalls: 10,
        callsPerSecond: 1,
        callDuration: 15,
        answerTreatmentData: 'Pin\n1\n',
      },
      fileName: 'rows.csv',
    });
  });
});

describe('copyCampaignValues', () => {
  it("appends ' (Copy)', keeps the larger duration and the data rows as a CSV", () => {
    const values = copyCampaignValues(
      makeCampaign({
        callDuration: 10,
        dataHeaders: ['Pin', 'Note'],
        data: [{ Pin: '1', Note: 'a, b' }],
      }),
    );
    expect(values.name).toBe('Spring load (Copy)');
    // 20 calls at 2 per second: minimum 15 beats the stored 10.
    expect(values.callDuration).toBe('15');
    expect(values.dataFile?.text).toBe('Pin,Note\r\n1,"a, b"\r\n');
    expect(copyCampaignValues(makeCampaign({ callDuration: 40 })).callDuration).toBe('40');
  });

  it('recomputes the minimum from typed text, 0 when not finite', () => {
    expect(minimumDurationText('300', '6')).toBe('75');
    expect(minimumDurationText('10', '')).toBe('0');
  });

  it('maps server fields to the form', () => {
    expect(campaignFieldOf('answerTreatmentData')).toBe('dataFile');
    expect(campaignFieldOf('tags.1')).toBe('tags');
    expect(campaignFieldOf('callsPerSecond')).toBe('callsPerSecond');
    expect(campaignFieldOf('campaignId')).toBeNull();
  });
});

describe('runWizardSchema', () => {
  it('needs a run description, and the approval tick above 300 calls or 6 per second', () => {
    const small = runWizardSchema({ totalCalls: 300, callsPerSecond: 6 });
    expect(
      small.safeParse({ description: ' ', tags: [], approved: false }).error?.issues[0]?.message,
    ).toBe('Please enter the run description to continue.');
    expect(small.parse({ description: 'First', tags: [], approved: false })).toEqual({
      description: 'First',
    });
    const big = runWizardSchema({ totalCalls: 301, callsPerSecond: 1 });
    expect(
      big.safeParse({ description: 'First', tags: [], approved: false }).error?.issues[0]?.message,
    ).toBe(
      'Please tick the approval checkbox to confirm you have the approval to run this campaign.',
    );
    expect(big.parse({ description: 'First', tags: ['x'], approved: true })).toEqual({
      description: 'First',
      tags: ['x'],
      approved: true,
    });
  });

  it('shows the Data step for data rows or a placeholder only', () => {
    expect(runShowsData({ data: [], answerTreatment: '12#' })).toBe(false);
    expect(runShowsData({ data: [], answerTreatment: '{$Pin}' })).toBe(true);
    expect(runShowsData({ data: [{ a: '1' }], answerTreatment: '' })).toBe(true);
  });
});
