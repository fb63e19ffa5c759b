import { VALIDATION_TEXTS } from '../common/validation.ts';

/** Config texts of spec 000 §5 and §8, letter for letter ("retreiving" is the spec's spelling). */
export const CONFIG_TEXTS = {
  setSuccess: 'Config has been set successfully.',
  setError: 'An error occurred while setting the Config.',
  retrieveError: 'An error occurred while retreiving Configs.',
  readFailed: 'An error occurred while retrieving configs',
  writeFailed: 'An error occurred while setting the config',
  didNotSave: 'Config did not save. Please correct the error(s) shown before continuing.',
  invalidUrl: VALIDATION_TEXTS.invalidUrl,
  invalidCcp: 'Invalid CCP.',
  invalidOrigin: (value: string) => `Softphone domain ${value} is invalid.`,
  invalidPagePath: (value: string) => `Page ${value} must start with /, # or ?`,
  outOfRange: (min: number, max: number) => `Value must be between ${min} and ${max}`,
  notInteger: 'Value must be an integer',
  notNumber: 'Value must be a number',
  required: VALIDATION_TEXTS.required,
  notAnOption: (title: string, options: string[]) =>
    `${title} must be one of ${options.join(', ')}`,
  wrongValueType: (title: string, type: string) =>
    `${title} must be ${VALUE_TYPE_NOUNS[type] ?? type}`,
  wrongConfigType: (key: string, type: string) => `${key} is a ${type} config`,
  unknownKey: (key: string) => `Unknown config key ${key}`,
  cannotRead: (title: string) => `You do not have permission to read ${title}.`,
  cannotWrite: (title: string) => `You do not have permission to change ${title}.`,
  /** Not in the spec: a write to a field whose read list leaves the caller out (decision 27). */
  cannotWriteUnread: (key: string) =>
    `You do not have permission to change ${key}: only those who may read it may change it.`,
  tooLong: (title: string, max: number) => `${title} must be at most ${max} characters`,
  tooMany: (title: string, max: number) => `${title} may hold at most ${max} entries`,
  entryTooLong: (title: string, max: number) =>
    `Each entry of ${title} must be at most ${max} characters`,
  tooLarge: (title: string, max: number) => `${title} must be at most ${max} characters as stored`,
  /** Not in the spec: a settings module switched off for the caller (flag or role, spec 000 §3). */
  moduleUnavailable: (title: string) => `${title} is not available to you in this group.`,
  readOnlyNotice: 'You can view these settings but not change them.',
  /** Not in the spec (issue 33): under a field the caller sees but may not change. */
  readOnlyField: (writers: string | null) =>
    writers ? `Read-only: only ${writers} can change this.` : 'Read-only.',
  /** Not in the spec (decision 34): a module with no field the caller reads. */
  nothingAvailable: 'No settings here are available to you.',
  secretSet: 'A value is set. Type a new one to replace it.',
  secretUnset: 'No value is set.',
} as const;

const VALUE_TYPE_NOUNS: Record<string, string> = {
  string: 'text',
  list: 'a list of texts',
  boolean: 'true or false',
  array: 'a list',
  json: 'a JSON object',
};
