import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { http } from '../../lib/http/http';
import { isHttpError } from '../../lib/http/http-error';
import { nodeApiPath, nodeScreen } from '../../lib/api/nodes';
import { useCurrentUser } from '../../lib/session/current-user';
import { SCAN_LOOKUP_TIMEOUT_MS } from './lookup-failure';
import { notFoundRefusal, registerScreenFor, type TScanRefusal } from './scan-refusal';

/**
 * Opens the node a label names: its page when it is placed; the register screen with the EUI
 * filled in when it is not (only administrators see unplaced nodes). A node that does not exist
 * and one the user may not see answer the same 404: "not found", with an offer to register it for
 * a holder of addNode (notFoundRefusal).
 */
export function useOpenScannedNode(): (eui: string) => Promise<TScanRefusal | null> {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  return useCallback(
    async (eui: string): Promise<TScanRefusal | null> => {
      try {
        const node = await http.get<{ customer?: string | null; location?: string | null }>(nodeApiPath(eui), {
          skipInterceptor: true,
          // No answer in time ends the request too, so a late answer cannot open a node after the scanner gave up.
          signal: AbortSignal.timeout(SCAN_LOOKUP_TIMEOUT_MS),
        });
        if (node.customer && node.location) void navigate(nodeScreen(node.customer, node.location, eui));
        else void navigate(registerScreenFor(eui));
        return null;
      } catch (error) {
        if (isHttpError(error) && (error.status === 404 || error.status === 403)) return notFoundRefusal(t, eui, user);
        throw error;
      }
    },
    [navigate, t, user],
  );
}
