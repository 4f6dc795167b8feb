import { useState } from 'react';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { http } from '../../lib/http/http';
import { saveFile } from '../../lib/save-file';
import { useSnackbar } from '../snackbar/snackbar-context';
import type { TListSort } from './client-rows';

/**
 * What a list exports (docs/exports.md): the export route of its API path and the list's current
 * query (filters, search, sort; never the page), so the file holds every row the list shows.
 */
export interface TListExport {
  path: string;
  query: Record<string, string | number>;
  /** The file name when the answer names none. */
  fileName: string;
}

/** The export of a list the browser searches and sorts (client mode): its search text and sorted column, as the server's export takes them. */
export function clientListExport(path: string, fileName: string, { search, sort }: { search: string; sort: TListSort | null }): TListExport {
  const query: Record<string, string> = {};
  if (search.trim()) query.search = search.trim();
  if (sort) query.sort = sort.direction === 'desc' ? `-${sort.field}` : sort.field;
  return { path, query, fileName };
}

/**
 * Downloads the export as a blob (the token is a header, so a plain link cannot carry it), as the
 * calibration and logbook downloads do; the server names the file (`nodes-2026-11-29.csv`).
 */
function useExportDownload(target: TListExport) {
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const file = await http.getFile(target.path, { query: target.query });
      saveFile(file.blob, file.fileName ?? target.fileName);
    } catch {
      snackbar.error('table.exportFailed');
    } finally {
      setBusy(false);
    }
  };
  return { busy, download: () => void download() };
}

/** "Exporteren (CSV)" in a list's toolbar. */
export function ExportButton({ target }: { target: TListExport }) {
  const { t } = useTranslation();
  const { busy, download } = useExportDownload(target);
  return (
    <Button variant="outlined" startIcon={<DownloadIcon />} loading={busy} onClick={download} sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
      {t('table.export')}
    </Button>
  );
}

/** The same in the toolbar's menu on a phone; `onDone` closes the menu. */
export function ExportMenuItem({ target, onDone }: { target: TListExport; onDone: () => void }) {
  const { t } = useTranslation();
  const { busy, download } = useExportDownload(target);
  return (
    <MenuItem
      disabled={busy}
      onClick={() => {
        download();
        onDone();
      }}
    >
      <ListItemIcon>
        <DownloadIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{t('table.export')}</ListItemText>
    </MenuItem>
  );
}
