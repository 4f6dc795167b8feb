import { describe, expect, it } from 'vitest';
import { isPdf, SAMPLE_REPORT_MAX_BYTES, ZSampleReportInput } from './report';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('isPdf: the first bytes decide', () => {
  it.each([
    ['a PDF 1.7 header', '%PDF-1.7\n%âãÏÓ\n', true],
    ['exactly the magic', '%PDF-', true],
    ['one byte short', '%PDF', false],
    ['empty', '', false],
    ['lower case', '%pdf-1.4', false],
    ['a space first', ' %PDF-1.4', false],
    ['a byte-order mark first', '\uFEFF%PDF-1.4', false],
    ['HTML', '<html>%PDF-1.4', false],
    ['PostScript', '%!PS-Adobe-3.0', false],
  ])('%s', (_name, text, expected) => {
    expect(isPdf(bytes(text))).toBe(expected);
  });

  it('a PNG is not a PDF', () => {
    expect(isPdf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(false);
  });
});

describe('the upload body', () => {
  it('needs a single-line name and data; the limit is 10 MiB', () => {
    expect(ZSampleReportInput.safeParse({ name: 'rapport.pdf', data: 'JVBERi0=' }).success).toBe(true);
    expect(ZSampleReportInput.safeParse({ name: ' ', data: 'JVBERi0=' }).success).toBe(false);
    expect(ZSampleReportInput.safeParse({ name: 'a\nb.pdf', data: 'JVBERi0=' }).success).toBe(false);
    expect(ZSampleReportInput.safeParse({ name: 'rapport.pdf', data: '' }).success).toBe(false);
    expect(SAMPLE_REPORT_MAX_BYTES).toBe(10_485_760);
  });
});
