import type { TDevice } from '@aquasmart/domain';
import { useCrumbLabel } from '../../../lib/routing/crumb-labels';
import { nodeScreen } from '../../../lib/api/nodes';

/**
 * The crumbs of a node's sub-screen (edit, settings) name the node, not its EUI: the node's own
 * crumb and this screen's crumb (`suffix` like `/settings`, with the screen's title).
 */
export function useNodeCrumbs(device: TDevice | undefined, suffix: string, title: string): void {
  const screen = device ? nodeScreen(device.customer ?? '', device.location ?? '', device.eui) : '';
  useCrumbLabel(screen, device ? device.name || device.eui : undefined);
  useCrumbLabel(`${screen}${suffix}`, device ? title : undefined);
}
