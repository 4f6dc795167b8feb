import { outletLabelTexts } from '../i18n/labels-outlets';
import type { TOutletKind, TOutletWater } from '../outlets/outlet';

/**
 * What an outlet's label holds (docs/field-work.md, "Outlet labels"): the web address of the outlet's
 * page, `<portal>/outlets/<id>`. A phone's own camera app opens that page; the portal's scanner
 * reads the id with parseOutletLabel and opens the same page. Any host is accepted: the portal may be
 * reached by another name than the one printed (a test server, a renamed portal); whether the
 * outlet exists and may be seen is the server's answer (`GET /outlets/{id}`, 404 to both).
 *
 * Accepted: `http://` or `https://`, any host (with a port), the path `/outlets/<id>` with an
 * optional `/` at the end, `<id>` a positive whole number without leading zeros that fits the
 * database's integer (at most 2,147,483,647). Scheme, host and the word `outlets` in any case
 * (a QR code in capitals is smaller). Everything else is refused: another path, a query or a fragment.
 */

/** The largest outlet id: the database's `serial`. */
export const MAX_OUTLET_ID = 2_147_483_647;

/** The languages an outlet label is printed in (the sheet's `language`). */
export const OUTLET_LABEL_LANGUAGES = ['nl', 'en', 'de'] as const;
export type TOutletLabelLanguage = (typeof OUTLET_LABEL_LANGUAGES)[number];

const OUTLET_URL = /^https?:\/\/[^/\s?#@]+\/outlets\/([1-9][0-9]{0,9})\/?$/i;

export type TOutletLabel = { ok: true; outletId: number } | { ok: false };

/** The outlet a label (scanned or typed) names, or none. */
export function parseOutletLabel(text: string): TOutletLabel {
  const match = OUTLET_URL.exec(text.trim());
  const outletId = match ? Number(match[1]) : 0;
  return outletId >= 1 && outletId <= MAX_OUTLET_ID ? { ok: true, outletId } : { ok: false };
}

/** The text an outlet's QR code holds: its page at the portal's address (`publicUrl` without a trailing `/`, or with). */
export function outletLabelUrl(publicUrl: string, outletId: number): string {
  return `${publicUrl.replace(/\/+$/, '')}/outlets/${outletId}`;
}

/** What an outlet's label prints beside its QR code (the server's label sheet). */
export interface TOutletLabelFacts {
  name: string;
  room: string | null;
  floor: string | null;
  kind: TOutletKind;
  water: TOutletWater;
  customer: string;
  location: string;
}

/**
 * The printed lines of an outlet's label in the sheet's language: the name; where it is ("Ruimte
 * 1.04 · Verdieping 1", the missing part left out, no line without either); what it is ("Douche ·
 * Warm"); the customer / location.
 */
export function outletLabelLines(outlet: TOutletLabelFacts, language: TOutletLabelLanguage): { name: string; where: string | null; what: string; place: string } {
  const texts = outletLabelTexts[language];
  const where = [outlet.room ? `${texts.room} ${outlet.room}` : null, outlet.floor ? `${texts.floor} ${outlet.floor}` : null].filter(Boolean).join(' · ');
  return {
    name: outlet.name,
    where: where || null,
    what: `${texts.kinds[outlet.kind]} · ${texts.waters[outlet.water]}`,
    place: `${outlet.customer} / ${outlet.location}`,
  };
}
