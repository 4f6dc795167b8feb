export { ScanButton, type TScanButtonProps } from './scan-button';
export { useOpenScannedNode } from './use-open-scanned-node';
export { useOpenScannedOutlet } from './use-open-scanned-outlet';
export { LabelsButton, OutletLabelsButton, type TLabelsButtonProps, type TOutletLabelsButtonProps } from './labels-button';
export type { TScanRefusal } from './scan-refusal';
