import { ERROR } from '@aquasmart/domain';
import { ApiError } from './api-error';

const DATA_URL = /^data:([^,]*),/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export interface TBase64FileRules {
  /** The body field the answers name (e.g. `image.data`). */
  field: string;
  /** Largest decoded size in bytes: beyond it 413 errors.payloadTooLarge with params max and size. */
  max: number;
  /** The message key of data that is not base64 (400 on `field`). */
  notBase64Key: string;
  /** What the file is, for the English message ("image", "PDF"). */
  noun: string;
}

/**
 * A file sent in JSON (product images, the lab's PDF of a sample result): base64 (line breaks and
 * the URL-safe alphabet accepted) or a data: URL whose declared type is ignored (the caller checks
 * the bytes). The size limit applies to the decoded bytes and is checked before decoding.
 */
export function decodeBase64File(input: string, rules: TBase64FileRules): Buffer {
  let data = input;
  const header = DATA_URL.exec(data);
  if (header) {
    if (!/;base64$/i.test(header[1])) throw ApiError.badRequest('A data: URL must be base64', { [rules.field]: rules.notBase64Key });
    data = data.slice(header[0].length);
  }
  data = data.replace(/\s+/g, '').replaceAll('-', '+').replaceAll('_', '/');
  if (!BASE64.test(data) || data.length % 4 === 1) throw ApiError.badRequest(`The ${rules.noun} data is not base64`, { [rules.field]: rules.notBase64Key });
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  const size = Math.floor((data.length * 3) / 4) - padding;
  if (size > rules.max) {
    throw new ApiError(413, ERROR.payloadTooLarge, `The ${rules.noun} is ${size} bytes; at most ${rules.max}`, { [rules.field]: ERROR.payloadTooLarge }, { max: rules.max, size });
  }
  return Buffer.from(data, 'base64');
}
