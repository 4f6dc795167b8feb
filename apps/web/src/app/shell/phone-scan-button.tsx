import { ScanButton, useOpenScannedNode } from '../../components/scan';

/** The app bar's label scanner on phones (docs/field-work.md, "Scan"): opens the scanned node. */
export function PhoneScanButton() {
  const openNode = useOpenScannedNode();
  return <ScanButton iconOnly color="inherit" onEui={openNode} />;
}
