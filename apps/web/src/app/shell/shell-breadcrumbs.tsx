import { Link as RouterLink } from 'react-router';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { TCurrentUser } from '@aquasmart/domain';
import { fillParams, useCurrentRoute } from '../../lib/routing/route-handle';
import { useCrumbLabels } from '../../lib/routing/crumb-labels';
import { passesGuard } from '../guards';
import { routeById, type TCrumb } from '../route-table';

export interface TBreadcrumb {
  label: string;
  /** Absent for the current page and for pages the user may not open. */
  to?: string;
}

/** The crumbs of a route: its ancestors from the route table, then the route itself. */
export function breadcrumbsFor(
  routeId: string,
  params: Record<string, string | undefined>,
  translate: (key: string) => string,
  user: TCurrentUser | undefined,
  /** Labels screens set for an address (useCrumbLabel), e.g. a node's name instead of its EUI. */
  labels: ReadonlyMap<string, string> = new Map(),
): TBreadcrumb[] {
  const route = routeById(routeId);
  const crumbs: TBreadcrumb[] = (route.crumbs ?? []).map((crumb: TCrumb) => {
    const id = typeof crumb === 'string' ? crumb : crumb.route;
    const hash = typeof crumb === 'string' ? '' : `#${crumb.hash}`;
    const ancestor = routeById(id);
    const path = fillParams(ancestor.path, params, true);
    const label = labels.get(path) ?? fillParams(translate(ancestor.title), params);
    const to = passesGuard(user, ancestor.guard) ? path + hash : undefined;
    return { label, to };
  });
  crumbs.push({ label: labels.get(fillParams(route.path, params, true)) ?? fillParams(translate(route.title), params) });
  return crumbs;
}

export function ShellBreadcrumbs({ user }: { user: TCurrentUser | undefined }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const route = useCurrentRoute();
  const labels = useCrumbLabels();
  if (!route) return null;
  const crumbs = breadcrumbsFor(route.handle.routeId, route.params, t, user, labels);
  if (crumbs.length < 2) return null;
  return (
    <Breadcrumbs
      aria-label={t('shell.breadcrumbs')}
      maxItems={narrow ? 3 : 8}
      itemsBeforeCollapse={1}
      itemsAfterCollapse={narrow ? 1 : 2}
      sx={{ mb: 2, '& ol': { flexWrap: 'wrap' }, '& li': { minWidth: 0, overflowWrap: 'anywhere' } }}
    >
      {crumbs.map((crumb, index) =>
        crumb.to ? (
          <Link key={index} component={RouterLink} to={crumb.to} underline="hover" color="inherit">
            {crumb.label}
          </Link>
        ) : (
          <Typography key={index} color={index === crumbs.length - 1 ? 'text.primary' : 'inherit'} aria-current={index === crumbs.length - 1 ? 'page' : undefined}>
            {crumb.label}
          </Typography>
        ),
      )}
    </Breadcrumbs>
  );
}
