import type { TRightFlag } from '@aquasmart/domain';

/**
 * The flags that let a user see alarms (docs/alarms.md, "Rights"): the menu entry, the screens and
 * the node's #alarms tab. Alone in this file because the route table (on the login page's path)
 * needs it; the alarm calls are in alarms.ts.
 */
export const ALARM_READ_FLAGS: readonly TRightFlag[] = ['dashboard', 'editNode', 'calibration', 'overflowDetection'];
