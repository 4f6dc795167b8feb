export { ScanButton, type TScanButtonProps } from './scan-button';
export { useOpenScannedNode } from './use-open-scanned-node';
export { LabelsButton, type TLabelsButtonProps } from './labels-button';
export type { TScanRefusal } from './scan-refusal';
