import { Navigate, Outlet } from 'react-router';
import LinearProgress from '@mui/material/LinearProgress';
import type { TCurrentUser } from '@aquasmart/domain';
import { useCurrentRoute } from '../../lib/routing/route-handle';
import { passesGuard } from '../guards';
import { ROUTES_BY_ID } from '../route-table';

/** Renders the current screen when the user passes its guard, else goes to /404 (docs/screens.md, "Guards"). */
export function RouteGuard({ user, loading }: { user: TCurrentUser | undefined; loading: boolean }) {
  const route = useCurrentRoute();
  const guard = route ? ROUTES_BY_ID.get(route.handle.routeId)?.guard : undefined;
  if (!guard) return <Outlet />;
  if (!user) return loading ? <LinearProgress /> : null;
  if (!passesGuard(user, guard)) return <Navigate to="/404" replace />;
  return <Outlet />;
}
