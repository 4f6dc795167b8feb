import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { useTranslation } from 'react-i18next';
import type { TScanRefusal } from './scan-refusal';

// The scanner (and with it the decoder) loads when it is opened: never on the way to /login.
const ScanDialog = lazy(() => import('./scan-dialog'));

export interface TScanButtonProps {
  /** A label was read (or typed): answers what to say when it leads nowhere, or null when done. */
  onEui: (eui: string) => Promise<TScanRefusal | null>;
  /** An outlet's label was read: answers as onEui. Without it the scanner reads node labels only (the register screen). */
  onOutlet?: (outletId: number) => Promise<TScanRefusal | null>;
  /** An icon alone (the app bar, beside a field) or a button with the text. */
  iconOnly?: boolean;
  color?: 'inherit' | 'primary';
}

/** A camera button that opens the label scanner (docs/field-work.md, "Scan"). */
export function ScanButton({ onEui, onOutlet, iconOnly = false, color = 'primary' }: TScanButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const label = t('shell.scanLabel');
  return (
    <>
      {iconOnly ? (
        <IconButton color={color} aria-label={label} onClick={() => setOpen(true)}>
          <QrCodeScannerIcon />
        </IconButton>
      ) : (
        <Button color={color} variant="outlined" startIcon={<QrCodeScannerIcon />} onClick={() => setOpen(true)}>
          {label}
        </Button>
      )}
      {open ? (
        <Suspense fallback={null}>
          <ScanDialog
            onClose={() => setOpen(false)}
            onEui={async (eui) => {
              const refusal = await onEui(eui);
              if (refusal === null) setOpen(false);
              return refusal;
            }}
            onOutlet={
              onOutlet
                ? async (outletId) => {
                    const refusal = await onOutlet(outletId);
                    if (refusal === null) setOpen(false);
                    return refusal;
                  }
                : undefined
            }
          />
        </Suspense>
      ) : null}
    </>
  );
}
