import { useState } from 'react';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { saveFile } from '../../lib/save-file';

/**
 * Downloads a file through the API client (with the user's token) and hands it to the browser,
 * as the calibration CSV does (lib/save-file.ts); `busy` names the download under way.
 */
export function useDownload() {
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (id: string, fetchFile: () => Promise<{ blob: Blob; fileName: string | null }>, fallbackName: string) => {
    setBusy(id);
    try {
      const { blob, fileName } = await fetchFile();
      saveFile(blob, fileName ?? fallbackName);
    } catch {
      snackbar.error('logbookScreen.snackbar.downloadError');
    } finally {
      setBusy(null);
    }
  };
  return { busy, download };
}
