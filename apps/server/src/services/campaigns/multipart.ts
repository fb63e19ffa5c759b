import {
  CAMPAIGN_LIMITS,
  CAMPAIGN_TEXTS,
  ERROR_CODES,
  foldIndexedTags,
  nulCharacterMessage,
} from '@callsight/shared';
import { AppError, badRequest } from '../../lib/errors.ts';
import { readFormData } from '../../lib/form-data.ts';

const FILE_FIELD = 'answerTreatmentData';

/** The 413 of an upload over the cap, naming the file field. */
export const fileTooLarge = () => {
  const text = CAMPAIGN_TEXTS.fileTooLarge(CAMPAIGN_LIMITS.maxUploadBytes / 1024 / 1024);
  return new AppError(413, ERROR_CODES.tooLarge, text, { [FILE_FIELD]: text });
};

/**
 * The fields of a POST /campaigns multipart body (spec 001 §7), read by Node's own (undici)
 * multipart parser: text fields as they are, `tags.N` folded into `tags`, and the first
 * uploaded file's text as answerTreatmentData. A field sent twice keeps its first value; a
 * text holding U+0000 is refused (PostgreSQL cannot store it).
 */
export async function readCampaignForm(
  body: Buffer,
  contentType: string,
): Promise<Record<string, unknown>> {
  const form = await readFormData(body, contentType);
  const fields: Record<string, unknown> = {};
  const files: File[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      if (!(name in fields)) fields[name] = value;
    } else {
      files.push(value);
    }
  }
  if (files.length > 1 || (files[0] && !/\.csv$/i.test(files[0].name)))
    throw badRequest(CAMPAIGN_TEXTS.oneFileOnly, { [FILE_FIELD]: CAMPAIGN_TEXTS.oneFileOnly });
  const file = files[0];
  if (file) {
    if (file.size > CAMPAIGN_LIMITS.maxUploadBytes) throw fileTooLarge();
    fields[FILE_FIELD] = await file.text();
  }
  // Decoded as UTF-8, the texts are well-formed; U+0000 is refused as in JSON bodies.
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string' && value.includes('\u0000'))
      throw badRequest(`Invalid body: ${name}`, { [name]: nulCharacterMessage(name) });
  }
  return foldIndexedTags(fields);
}
