import type { TNodeLabelsQuery } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import type { TAuthUser } from '../../identity/auth-user';
import { ApiError } from '../../lib/api-error';
import type { TWorkerPool } from '../../lib/worker-pool';
import { requireLocation } from '../locations/location-repository';
import { labelNodesByEui, labelNodesOfLocation } from './labels-repository';
import type { renderLabelsPdf } from './labels-pdf';

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
  const title = `${query.language === 'en' ? 'Labels' : 'Labels'} ${name}`;
  return { pdf: await render(nodes, title), fileName: `labels-${name.replace(/[^\w.]+/g, '-')}.pdf` };
}
