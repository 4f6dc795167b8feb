import { z } from 'zod';
import { MAX_OUTLET_ID, OUTLET_LABEL_LANGUAGES } from './outlet-label';
export { OUTLET_LABEL_LANGUAGES, type TOutletLabelLanguage } from './outlet-label';

/**
 * The label sheet (docs/field-work.md, "Print labels"): A4 with 3 x 8 labels of 70 x 37 mm, no
 * margins (the common "3x8" sheets, e.g. Avery 3475). Each label: a QR code of the node's EUI (16
 * hexadecimal digits, what parseNodeLabel reads first), the EUI in groups of four, the node's name,
 * its customer and location.
 */
export const LABEL_SHEET = { columns: 3, rows: 8, widthMm: 70, heightMm: 37 } as const;
/** The most labels one request makes: 10 sheets. */
export const MAX_LABELS = 240;

const ZEuiList = z
  .string()
  .max(MAX_LABELS * 17)
  .transform((text) => [...new Set(text.split(',').map((eui) => eui.trim().toUpperCase()).filter(Boolean))])
  .pipe(z.array(z.string().regex(/^[0-9A-F]{16}$/)).min(1).max(MAX_LABELS));

/**
 * GET /devices/labels: the nodes of a selection (`euis`, comma-separated) or of a location
 * (`customer` and `location`); one of the two.
 */
export const ZNodeLabelsQuery = z
  .object({
    euis: ZEuiList.optional(),
    customer: z.string().min(1).max(200).optional(),
    location: z.string().min(1).max(200).optional(),
    language: z.enum(['nl', 'en']).optional(),
  })
  .refine((query) => (query.euis !== undefined) !== (query.customer !== undefined && query.location !== undefined), {
    message: 'Either euis, or customer and location',
    path: ['euis'],
  });
export type TNodeLabelsQuery = z.infer<typeof ZNodeLabelsQuery>;

const ZOutletIdList = z
  .string()
  .max(MAX_LABELS * 11)
  .transform((text) => [...new Set(text.split(',').map((id) => id.trim()).filter(Boolean))])
  .pipe(z.array(z.string().regex(/^[1-9][0-9]{0,9}$/).transform(Number).pipe(z.number().int().max(MAX_OUTLET_ID))).min(1).max(MAX_LABELS));

/**
 * GET /customers/{c}/locations/{l}/outlets/labels (docs/field-work.md, "Outlet labels"): the
 * location's outlets, or those of `ids` (comma-separated, 1 to 240) among them. Same sheet as the
 * nodes' labels.
 */
export const ZOutletLabelsQuery = z.object({
  ids: ZOutletIdList.optional(),
  language: z.enum(OUTLET_LABEL_LANGUAGES).optional(),
});
export type TOutletLabelsQuery = z.infer<typeof ZOutletLabelsQuery>;
