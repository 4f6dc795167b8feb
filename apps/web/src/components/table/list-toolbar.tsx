import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { ExportButton, ExportMenuItem, type TListExport } from './export-button';

export const SEARCH_DEBOUNCE_MS = 300;

export interface TListToolbarProps {
  search: string;
  /** Absent for a list the server cannot search (the alarms, which have filters instead): no search box. */
  onSearch?: (search: string) => void;
  selectedCount: number;
  onRefresh: () => void;
  /** Present when rows may be deleted. */
  onDelete?: () => void;
  /** Present when rows may be added: a link target or a handler. */
  newTo?: string;
  onNew?: () => void;
  /** Collapse refresh and delete into a menu (small screens); defaults to the `sm` breakpoint. New stays a button. */
  compact?: boolean;
  /** Present when the list can be exported (docs/exports.md): "Exporteren (CSV)" with the list's query. */
  exportTarget?: TListExport;
}

/**
 * Search box (where the list can be searched), refresh, delete (disabled without selection) and new.
 * On small screens refresh and delete go into a menu; New stays a visible button (an engineer at a
 * new node looked for it under the menu, issue 37 item 4).
 */
export function ListToolbar({ search, onSearch, selectedCount, onRefresh, onDelete, newTo, onNew, compact, exportTarget }: TListToolbarProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'));
  const collapsed = compact ?? small;
  const [text, setText] = useState(search);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const canCreate = Boolean(newTo || onNew);

  // The address may change the search (back button, a link): follow it.
  const [seenSearch, setSeenSearch] = useState(search);
  if (seenSearch !== search) {
    setSeenSearch(search);
    if (search !== text.trim()) setText(search);
  }

  useEffect(() => {
    if (text.trim() === search || !onSearch) return;
    const timer = window.setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, search, onSearch]);

  const closeMenu = () => setMenuAnchor(null);
  const newButton = !canCreate ? null : newTo ? (
    <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={newTo} sx={{ flexShrink: 0 }}>
      {t('table.new')}
    </Button>
  ) : (
    <Button variant="contained" startIcon={<AddIcon />} onClick={onNew} sx={{ flexShrink: 0 }}>
      {t('table.new')}
    </Button>
  );

  return (
    <Box
      role="toolbar"
      aria-label={t('table.actions')}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 1, flexWrap: 'nowrap', minHeight: 56 }}
    >
      {onSearch ? (
        <TextField
          size="small"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onSearch(text);
          }}
          placeholder={t('table.search')}
          sx={{ flex: collapsed ? 1 : '0 1 320px', minWidth: 0 }}
          slotProps={{
            htmlInput: { 'aria-label': t('table.search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      ) : null}
      {!collapsed || !onSearch ? <Box sx={{ flex: 1 }} /> : null}
      {selectedCount > 0 && !collapsed ? (
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {t('table.selected', { count: selectedCount })}
        </Typography>
      ) : null}
      {collapsed ? (
        <>
          {newButton}
          <IconButton aria-label={t('table.actions')} aria-haspopup="menu" onClick={(event) => setMenuAnchor(event.currentTarget)}>
            <MoreVertIcon />
          </IconButton>
          <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={closeMenu}>
            <MenuItem
              onClick={() => {
                closeMenu();
                onRefresh();
              }}
            >
              <ListItemIcon>
                <RefreshIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t('table.refresh')}</ListItemText>
            </MenuItem>
            {exportTarget ? <ExportMenuItem target={exportTarget} onDone={closeMenu} /> : null}
            {onDelete ? (
              <MenuItem
                disabled={selectedCount === 0}
                onClick={() => {
                  closeMenu();
                  onDelete();
                }}
              >
                <ListItemIcon>
                  <DeleteIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText>
                  {t('table.delete')}
                  {selectedCount > 0 ? ` (${selectedCount})` : ''}
                </ListItemText>
              </MenuItem>
            ) : null}
          </Menu>
        </>
      ) : (
        <>
          {exportTarget ? <ExportButton target={exportTarget} /> : null}
          <Tooltip title={t('table.refresh')}>
            <IconButton aria-label={t('table.refresh')} onClick={onRefresh}>
              <RefreshIcon />
            </IconButton>
          </Tooltip>
          {onDelete ? (
            <Tooltip title={t('table.delete')}>
              {/* The span keeps the tooltip working while the button is disabled. */}
              <span>
                <IconButton aria-label={t('table.delete')} onClick={onDelete} disabled={selectedCount === 0}>
                  <DeleteIcon />
                </IconButton>
              </span>
            </Tooltip>
          ) : null}
          {newButton}
        </>
      )}
    </Box>
  );
}
