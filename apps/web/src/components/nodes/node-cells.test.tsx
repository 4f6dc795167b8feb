import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import '../../lib/i18n/texts/nodes';
import { renderAt } from '../../test/render';
import { CalibrationCell } from './node-cells';

/** The node list's calibration column: overdue, never, and possible sensor drift (docs/calibration.md, "Drift"). */

const NOW = Date.parse('2026-11-29T12:00:00Z');
const channel = (drift: unknown) => ({ id: 'temperature1', name: 'Warm water', value: 60, drift });
const DRIFT = { checkId: 1, outletId: 1, outletName: 'Douche 12', manual: 58.2, node: 55.9, nodeAt: '2026-11-12T08:55:00Z', at: '2026-11-12T09:00:00Z' };

afterEach(cleanup);

describe('CalibrationCell', () => {
  it.each([
    ['calibrated a month ago, no drift', '2026-10-29T12:00:00Z', null, 'ok', 'Gekalibreerd'],
    ['calibrated a month ago, drift on a channel', '2026-10-29T12:00:00Z', DRIFT, 'due', 'Kalibratie nodig: mogelijke sensordrift'],
    ['calibrated three years ago', '2023-10-29T12:00:00Z', null, 'due', 'Kalibratie verlopen'],
    ['never calibrated, drift on a channel', null, DRIFT, 'never', 'Nooit gekalibreerd'],
  ])('%s: %s', async (_case, ts, drift, state, words) => {
    renderAt(<CalibrationCell node={{ calibration: { interval: 2, ts }, channels: [channel(drift)] }} now={NOW} />);
    const cell = await screen.findByLabelText(new RegExp(words));
    expect(cell.getAttribute('data-calibration')).toBe(state);
  });
});
