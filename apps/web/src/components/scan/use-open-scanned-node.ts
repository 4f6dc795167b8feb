import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { http } from '../../lib/http/http';
import { isHttpError } from '../../lib/http/http-error';
import { nodeApiPath, nodeNewScreen, nodeScreen } from '../../lib/api/nodes';
import { SCAN_LOOKUP_TIMEOUT_MS } from './lookup-failure';

/**
 * Opens the node a label names: its page when it is placed; the register screen with the EUI
 * filled in when it is not (only administrators see unplaced nodes). A node that does not exist
 * and one the user may not see answer the same 404, so both say "not found" and nothing more.
 */
export function useOpenScannedNode(): (eui: string) => Promise<string | null> {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useCallback(
    async (eui: string) => {
      try {
        const node = await http.get<{ customer?: string | null; location?: string | null }>(nodeApiPath(eui), {
          skipInterceptor: true,
          // No answer in time ends the request too, so a late answer cannot open a node after the scanner gave up.
          signal: AbortSignal.timeout(SCAN_LOOKUP_TIMEOUT_MS),
        });
        if (node.customer && node.location) void navigate(nodeScreen(node.customer, node.location, eui));
        else void navigate(`${nodeNewScreen()}?eui=${encodeURIComponent(eui)}`);
        return null;
      } catch (error) {
        if (isHttpError(error) && (error.status === 404 || error.status === 403)) return t('field.scan.notFound', { eui });
        throw error;
      }
    },
    [navigate, t],
  );
}
