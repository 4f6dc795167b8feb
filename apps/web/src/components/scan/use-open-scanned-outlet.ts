import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { http } from '../../lib/http/http';
import { isHttpError } from '../../lib/http/http-error';
import { SCAN_LOOKUP_TIMEOUT_MS } from './lookup-failure';
import type { TScanRefusal } from './scan-refusal';

/** The outlet's page, the one its label's QR code names (docs/field-work.md, "Outlet labels"). */
export const outletScreen = (id: number) => `/outlets/${id}`;

/**
 * Opens the outlet a label names: its page, once the server has shown the outlet to this user
 * (`GET /outlets/{id}`). An outlet that does not exist and one of another customer answer the
 * same 404: "not found", and the scanner goes on.
 */
export function useOpenScannedOutlet(): (id: number) => Promise<TScanRefusal | null> {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useCallback(
    async (id: number): Promise<TScanRefusal | null> => {
      try {
        await http.get(`/outlets/${id}`, { skipInterceptor: true, signal: AbortSignal.timeout(SCAN_LOOKUP_TIMEOUT_MS) });
        void navigate(outletScreen(id));
        return null;
      } catch (error) {
        if (isHttpError(error) && (error.status === 404 || error.status === 403)) return { text: t('field.scan.outletNotFound', { id }) };
        throw error;
      }
    },
    [navigate, t],
  );
}
