import type { SvgIconComponent } from '@mui/icons-material';
import BusinessIcon from '@mui/icons-material/Business';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DnsIcon from '@mui/icons-material/Dns';
import GroupIcon from '@mui/icons-material/Group';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PlaceIcon from '@mui/icons-material/Place';
import PostAddIcon from '@mui/icons-material/PostAdd';
import RouterIcon from '@mui/icons-material/Router';
import SensorsIcon from '@mui/icons-material/Sensors';
import WebhookIcon from '@mui/icons-material/Webhook';
import type { TCurrentUser } from '@aquasmart/domain';
import { passesGuard } from '../guards';
import { routeById } from '../route-table';

/**
 * The shell's entries (docs/screens.md, "Menu, tabs, login and languages"). An entry is shown when the user passes the guard
 * of its route, so menu and guards cannot disagree.
 */
export interface TMenuEntry {
  routeId: string;
  icon: SvgIconComponent;
}

export const SIDE_MENU: readonly TMenuEntry[] = [
  { routeId: 'customers', icon: BusinessIcon },
  { routeId: 'locations', icon: PlaceIcon },
  { routeId: 'nodes', icon: SensorsIcon },
  { routeId: 'dashboard', icon: DashboardIcon },
  { routeId: 'alarms', icon: NotificationsActiveIcon },
  { routeId: 'gateways', icon: RouterIcon },
  { routeId: 'users', icon: GroupIcon },
  { routeId: 'webhooks', icon: WebhookIcon },
  // Administrators only (docs/telemetry-screens.md): the guards of these routes hide them from everyone else.
  { routeId: 'networkServers', icon: DnsIcon },
  { routeId: 'provisioning', icon: PostAddIcon },
  { routeId: 'mailOutbox', icon: MarkEmailReadIcon },
];

export const TOP_BAR_MENU: readonly TMenuEntry[] = [{ routeId: 'products', icon: Inventory2Icon }];

export interface TVisibleEntry extends TMenuEntry {
  path: string;
  title: string;
}

export function visibleEntries(entries: readonly TMenuEntry[], user: TCurrentUser | undefined): TVisibleEntry[] {
  if (!user) return [];
  return entries
    .map((entry) => {
      const route = routeById(entry.routeId);
      return { ...entry, path: route.path, title: route.title, guard: route.guard };
    })
    .filter((entry) => passesGuard(user, entry.guard))
    .map(({ guard: _guard, ...entry }) => entry);
}
