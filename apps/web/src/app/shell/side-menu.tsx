import { NavLink } from 'react-router';
import Badge from '@mui/material/Badge';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import type { TVisibleEntry } from './menu';

export interface TSideMenuProps {
  entries: readonly TVisibleEntry[];
  /** Counts shown as a red badge per route id (the dashboard's overflow count); 0 or absent shows none. */
  badges?: Readonly<Partial<Record<string, number>>>;
  onNavigate?: () => void;
}

export function SideMenu({ entries, badges, onNavigate }: TSideMenuProps) {
  const { t } = useTranslation();
  return (
    <List component="nav" aria-label={t('shell.mainMenu')} sx={{ px: 1 }}>
      {entries.map(({ routeId, path, title, icon: Icon }) => {
        const count = badges?.[routeId] ?? 0;
        return (
          <ListItemButton
            key={routeId}
            component={NavLink}
            to={path}
            onClick={onNavigate}
            sx={{
              borderRadius: 1,
              mb: 0.5,
              '&.active': { bgcolor: 'action.selected', color: 'primary.main', '& .MuiListItemIcon-root': { color: 'primary.main' } },
            }}
          >
            <ListItemIcon sx={{ minWidth: 40 }}>
              {count > 0 ? (
                <Badge badgeContent={count} color="error" max={999}>
                  <Icon />
                </Badge>
              ) : (
                <Icon />
              )}
            </ListItemIcon>
            <ListItemText primary={t(title)} />
          </ListItemButton>
        );
      })}
    </List>
  );
}
