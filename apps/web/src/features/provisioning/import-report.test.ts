import { describe, expect, it } from 'vitest';
import type { TDeviceImportRow } from '@aquasmart/domain';
import { columnLabelKey, csvExample, refusalReasons, reportOrder } from './import-report';
import { intakeState } from './intake-state';

const refused = (row: Partial<TDeviceImportRow>): TDeviceImportRow => ({ row: 2, eui: 'X', status: 'refused', ...row });

describe('import report: why a row was refused', () => {
  it.each<[string, TDeviceImportRow, { field: string | null; message: string }[]]>([
    ['imported rows have no reason', { row: 2, eui: 'A', status: 'imported' }, []],
    [
      'field rules: the fields, not the generic key',
      refused({ key: 'errors.badRequest', fields: { type: 'validation.oneOf', version: 'validation.version' } }),
      [
        { field: 'type', message: 'validation.oneOf' },
        { field: 'version', message: 'validation.version' },
      ],
    ],
    [
      'unknown network server with its name',
      refused({ key: 'errors.badRequest', fields: { networkServer: 'validation.unknownNetworkServer?name=TTN' } }),
      [{ field: 'networkServer', message: 'validation.unknownNetworkServer?name=TTN' }],
    ],
    ['EUI taken: once, not once per field', refused({ key: 'errors.euiTaken', fields: { eui: 'errors.euiTaken' } }), [{ field: null, message: 'errors.euiTaken' }]],
    [
      'duplicate in the file keeps the first line',
      refused({ key: 'errors.euiDuplicateInFile?row=2', fields: { eui: 'errors.euiDuplicateInFile' } }),
      [{ field: null, message: 'errors.euiDuplicateInFile?row=2' }],
    ],
    ['a refusal without details still says something', refused({}), [{ field: null, message: 'errors.badRequest' }]],
    ['generic key without fields', refused({ key: 'errors.badRequest' }), [{ field: null, message: 'errors.badRequest' }]],
  ])('%s', (_case, row, expected) => {
    expect(refusalReasons(row)).toEqual(expected);
  });

  it('labels known columns with the form’s labels', () => {
    expect(columnLabelKey('eui')).toBe('provisioning.eui');
    expect(columnLabelKey('networkServer')).toBe('provisioning.networkServer');
    expect(columnLabelKey('csv')).toBeNull();
  });

  it('lists refused rows first, each group in file order', () => {
    const rows: TDeviceImportRow[] = [
      { row: 2, eui: 'A', status: 'imported' },
      { row: 3, eui: 'B', status: 'refused' },
      { row: 5, eui: 'C', status: 'imported' },
      { row: 4, eui: 'D', status: 'refused' },
    ];
    expect(reportOrder(rows).map((row) => row.row)).toEqual([3, 4, 2, 5]);
  });

  it('the example names the network server and has the header columns', () => {
    const lines = csvExample('ChirpStack Utrecht').split('\n');
    expect(lines[0]).toBe('eui;type;version;networkServer;encryptionMode');
    expect(lines[1]).toContain(';ChirpStack Utrecht;');
  });
});

describe('intake event state', () => {
  it.each([
    [{ processedAt: '2026-11-22T07:00:00.000Z', nextAttemptAt: null }, { key: 'provisioning.stateDone', at: '2026-11-22T07:00:00.000Z' }],
    [{ processedAt: null, nextAttemptAt: '2026-11-22T07:05:00.000Z' }, { key: 'provisioning.stateRetrying', at: '2026-11-22T07:05:00.000Z' }],
    [{ processedAt: null, nextAttemptAt: null }, { key: 'provisioning.stateWaiting', at: null }],
  ])('%j', (event, expected) => {
    expect(intakeState(event)).toEqual(expected);
  });
});
