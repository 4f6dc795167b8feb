import { ScanButton, useOpenScannedNode, useOpenScannedOutlet } from '../../components/scan';

/** The app bar's label scanner on phones (docs/field-work.md, "Scan"): opens the scanned node or outlet. */
export function PhoneScanButton() {
  const openNode = useOpenScannedNode();
  const openOutlet = useOpenScannedOutlet();
  return <ScanButton iconOnly color="inherit" onEui={openNode} onOutlet={openOutlet} />;
}
