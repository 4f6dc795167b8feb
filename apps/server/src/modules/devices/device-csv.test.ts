import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { parseDeviceCsv } from './device-csv';

const EUI = '70B3D54990000001';

describe('parseDeviceCsv', () => {
  it.each([
    ['header, commas', `eui,type,version,networkServer\n${EUI},V2,1.0,CS\n`],
    ['header, semicolons, CRLF, BOM', `\uFEFFeui;type;version;networkServer\r\n${EUI};V2;1.0;CS\r\n`],
    ['header in another order and case', `Network server;Version;Type;EUI\nCS;1.0;V2;${EUI}\n`],
    ['tabs and quotes', `"eui"\t"type"\t"version"\t"networkServer"\n"${EUI}"\t"V2"\t"1.0"\t"CS"\n`],
    ['no header: the default column order', `${EUI},V2,1.0,CS\n`],
    ['blank lines and spaces around cells', `\neui, type, version, networkServer\n\n ${EUI} , V2 , 1.0 , CS \n\n`],
  ])('%s', (_case, text) => {
    const [line] = parseDeviceCsv(text);
    expect(line.values).toEqual({ eui: EUI, type: 'V2', version: '1.0', networkServer: 'CS' });
  });

  it('line numbers count the header and blank lines; empty cells are left out', () => {
    const lines = parseDeviceCsv(`eui;type;version;networkServer;encryptionMode\n${EUI};V1;1.0;CS;APP\n\n0000000000000002;;1.0;CS;\n`);
    expect(lines).toEqual([
      { row: 2, values: { eui: EUI, type: 'V1', version: '1.0', networkServer: 'CS', encryptionMode: 'APP' } },
      { row: 4, values: { eui: '0000000000000002', version: '1.0', networkServer: 'CS' } },
    ]);
  });

  it.each([
    ['an empty file', '', 'no rows'],
    ['only a header', 'eui,type,version,networkServer\n', 'no rows'],
    ['an unknown column', 'eui,type,version,networkServer,colour\n', 'unknown column "colour"'],
    ['a missing column', 'eui,type,version\n', 'missing column(s) networkServer'],
    ['a column twice', 'eui,type,version,networkServer,EUI\n', 'column eui appears twice'],
    ['an unclosed quote', `eui,type,version,networkServer\n"${EUI},V2,1.0,CS\n`, 'Quote Not Closed'],
  ])('%s -> 400 errors.csvInvalid', (_case, text, reason) => {
    let error: unknown;
    try {
      parseDeviceCsv(text);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 400, key: 'errors.csvInvalid' });
    expect((error as ApiError).message).toContain(reason);
  });

  it('more than 5000 rows -> 400', () => {
    const text = Array.from({ length: 5001 }, (_unused, i) => `${i.toString(16).padStart(16, '0')},V2,1.0,CS`).join('\n');
    expect(() => parseDeviceCsv(text)).toThrow(/more than 5000 rows/);
  });
});
