import { sql } from 'drizzle-orm';
import { euiGroups, outletLabelLines, outletLabelTexts, outletLabelUrl, type TNodeLabelsQuery, type TOutletLabelsQuery } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import type { TAuthUser } from '../../identity/auth-user';
import { ApiError } from '../../lib/api-error';
import type { TWorkerPool } from '../../lib/worker-pool';
import { requireLocation } from '../locations/location-repository';
import { outletsWhere } from '../outlets/outlet-repository';
import { labelNodesByEui, labelNodesOfLocation, type TLabelNode } from './labels-repository';
import type { renderLabelsPdf, TPrintedLabel } from './labels-pdf';

export type TLabelsRenderer = typeof renderLabelsPdf;

/** The sheet's layout on a worker thread (docs/field-work.md): a few hundred QR codes take seconds of CPU. */
export function threadedLabelsRenderer(pool: TWorkerPool): TLabelsRenderer {
  return pool.task<TLabelsRenderer>(new URL('./labels-pdf.ts', import.meta.url), 'renderLabelsPdf');
}

/**
 * The label sheet of a selection or of a location (docs/field-work.md). Nodes the user may not
 * see are left out of a selection, as if they did not exist; a selection of none of them, and a
 * location the user may not see, answer 404. A location without nodes answers 404 too: there is
 * no empty sheet to print.
 */
export async function nodeLabelsPdf(db: TDb, render: TLabelsRenderer, user: TAuthUser, query: TNodeLabelsQuery): Promise<{ pdf: Buffer; fileName: string }> {
  let nodes;
  let name: string;
  if (query.euis) {
    nodes = await labelNodesByEui(db, user, query.euis);
    name = nodes.length === 1 ? nodes[0].eui : `${nodes.length}`;
  } else {
    const location = await requireLocation(db, user, query.customer ?? '', query.location ?? '');
    nodes = await labelNodesOfLocation(db, user, location.id);
    name = `${query.customer} - ${query.location}`;
  }
  if (nodes.length === 0) throw ApiError.notFound('No nodes to label');
  return { pdf: await render(nodes.map(nodeLabel), `Labels ${name}`), fileName: `labels-${fileNamePart(name)}.pdf` };
}

const fileNamePart = (name: string) => name.replace(/[^\w.]+/g, '-');

/** A node's label: the QR code of its EUI, its name, its customer / location, the EUI in groups of four to read aloud. */
function nodeLabel(node: TLabelNode): TPrintedLabel {
  const place = [node.customer, node.location].filter(Boolean).join(' / ');
  return { code: node.eui, title: node.name || node.eui, lines: place ? [place] : [], footer: euiGroups(node.eui), footerSize: 10 };
}

/**
 * The label sheet of a location's outlets (docs/field-work.md, "Outlet labels"): all of them by name,
 * or those of `ids` among them (others are left out, as if they did not exist). Scoped like reading
 * the outlets: a location of another customer, an unknown one, one without outlets and a selection of
 * none of its outlets answer 404. Each QR code holds the outlet's page at `origin` (outletLabelUrl).
 */
export async function outletLabelsPdf(
  db: TDb,
  render: TLabelsRenderer,
  user: TAuthUser,
  customer: string,
  location: string,
  query: TOutletLabelsQuery,
  origin: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  const place = await requireLocation(db, user, customer, location);
  const outlets = await outletsWhere(db, query.ids ? sql`o.location_id = ${place.id} AND o.id IN (${sql.join(query.ids.map((id) => sql`${id}`), sql`, `)})` : sql`o.location_id = ${place.id}`);
  if (outlets.length === 0) throw ApiError.notFound('No outlets to label');
  const language = query.language ?? 'nl';
  const labels = outlets.map((outlet): TPrintedLabel => {
    const lines = outletLabelLines({ ...outlet, customer, location }, language);
    return { code: outletLabelUrl(origin, outlet.id), title: lines.name, lines: [lines.where, lines.what].filter((line) => line !== null), footer: lines.place, footerSize: 7.5 };
  });
  const name = outlets.length === 1 ? `${customer} - ${location} - ${outlets[0].name}` : `${customer} - ${location}`;
  return { pdf: await render(labels, `${outletLabelTexts[language].title} ${name}`), fileName: `outlet-labels-${fileNamePart(name)}.pdf` };
}
