/**
 * What a node's label may hold, read by a camera or typed (docs/field-work.md, "Accepted labels"):
 *
 * - the EUI as 16 hexadecimal digits, any case, with spaces, dashes, colons or dots between the
 *   digits as labels print them ("70B3 D5E7 5E00 0001", "70-b3-d5-e7-5e-00-00-01");
 * - the LoRaWAN QR code of TR005 (LoRa Alliance, "Device Identification QR Codes"):
 *   `LW:D0:<JoinEUI>:<DevEUI>:<ProfileID>[:<optional fields>]`, where the node is the DevEUI.
 *   The optional fields (owner token, serial number, proprietary, checksum) are not needed to find
 *   a node and are not judged.
 *
 * Pure: whether the node exists and whether the reader may see it is the server's answer
 * (`GET /devices/{eui}` answers 404 to both, so the screen says "not found" and nothing more).
 */

/** Characters labels print between an EUI's digits. */
const SEPARATORS = /[\s:.-]/g;
const HEX16 = /^[0-9A-F]{16}$/;
const HEX8 = /^[0-9A-F]{8}$/;

export type TNodeLabel =
  | { ok: true; eui: string; format: 'plain' }
  | { ok: true; eui: string; format: 'tr005'; joinEui: string; profileId: string }
  | { ok: false; reason: TNodeLabelRefusal };

/**
 * Why a text is no node label: `empty`; `tr005` (it starts with `LW:D0:` but its JoinEUI, DevEUI or
 * profile ID is not what TR005 prescribes); `notHex` (a character that is no hexadecimal digit);
 * `length` (not 16 digits).
 */
export type TNodeLabelRefusal = 'empty' | 'tr005' | 'notHex' | 'length';

/** The message keys of the refusals (texts in i18n/ui-field.ts, `field.label.*`). */
export const NODE_LABEL_MESSAGE: Record<TNodeLabelRefusal, string> = {
  empty: 'field.label.empty',
  tr005: 'field.label.tr005',
  notHex: 'field.label.notHex',
  length: 'field.label.length',
};

/** The node a label (scanned or typed) names, or why it names none. */
export function parseNodeLabel(text: string): TNodeLabel {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: 'empty' };
  if (/^LW:D0:/i.test(trimmed)) return parseTr005(trimmed);
  const digits = trimmed.replace(SEPARATORS, '').toUpperCase();
  if (/[^0-9A-F]/.test(digits)) return { ok: false, reason: 'notHex' };
  if (digits.length !== 16) return { ok: false, reason: 'length' };
  return { ok: true, eui: digits, format: 'plain' };
}

function parseTr005(text: string): TNodeLabel {
  const [, , joinEui = '', devEui = '', profileId = ''] = text.toUpperCase().split(':');
  if (!HEX16.test(joinEui) || !HEX16.test(devEui) || !HEX8.test(profileId)) return { ok: false, reason: 'tr005' };
  return { ok: true, eui: devEui, format: 'tr005', joinEui, profileId };
}

/** An EUI in the groups of four a person reads aloud and compares: "70B3 D5E7 5E00 0001". */
export function euiGroups(eui: string): string {
  return eui.replace(/(.{4})(?=.)/g, '$1 ');
}
