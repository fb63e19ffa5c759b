import { badRequest } from './errors.ts';

/** A multipart/form-data body, read by Node's own (undici) parser; a malformed one is a 400. */
export async function readFormData(body: Buffer, contentType: string): Promise<FormData> {
  try {
    return await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest('Malformed multipart body');
  }
}
