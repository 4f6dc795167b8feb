import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { renderLogbookPdf } from './report-pdf';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TDb } from '../../db/database';
import { describeP12, logbookSigner, makeSelfSignedP12, type TPdfSigning } from './report-signature';
import { customerReport, locationReport } from './report.fixture';
import { pdfsig } from './report-signature.fixture';

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-l', '1', '-', '-'], { input: pdf, encoding: 'utf8' }).replace(/\s+/g, ' ');

describe('the signature of an issued PDF', () => {
  let signing: TPdfSigning;
  const portalKey = async () => {
    const made = await makeSelfSignedP12('Aquasmart Portal portal.example.nl');
    signing ??= { ...made, selfSigned: true };
    return signing;
  };

  it('pdfsig finds one valid signature by the portal key, over the whole file; one changed byte makes it invalid', async () => {
    const key = await portalKey();
    const pdf = await renderLogbookPdf(locationReport, 'nl', {}, key);
    const checked = pdfsig(pdf);
    expect(checked.out).toContain('Signature #1');
    expect(checked.out).toMatch(/Signature Validation: Signature is Valid\./);
    expect(checked.out).toContain('Signer Certificate Common Name: Aquasmart Portal portal.example.nl');
    expect(checked.out).toContain('Signature Type: adbe.pkcs7.detached');
    expect(checked.out).toContain('Total document signed');
    expect(checked.status).toBe(0);

    // One byte of the signed content: a digit of the hash in the Info dictionary's keywords.
    const at = pdf.indexOf(`sha256:${locationReport.sha256}`) + 'sha256:'.length;
    expect(at).toBeGreaterThan(10);
    const changed = Buffer.from(pdf);
    changed[at] = changed[at] === 0x30 ? 0x31 : 0x30;
    const tampered = pdfsig(changed);
    expect(tampered.out).toContain('Signature #1');
    expect(tampered.out).not.toMatch(/Signature is Valid/);
    expect(tampered.out).toMatch(/Signature Validation: Digest Mismatch\./);
  });

  it('says on the first page who signs and that the certificate is the portal\'s own; the same report and key give the same bytes', async () => {
    const key = await portalKey();
    const [first, again] = [await renderLogbookPdf(customerReport, 'en', {}, key), await renderLogbookPdf(customerReport, 'en', {}, key)];
    expect(Buffer.compare(first, again)).toBe(0);
    expect(pdfText(first)).toContain(
      "Digitally signed by Aquasmart Portal portal.example.nl with this portal's own self-signed certificate: the signature shows the file was not changed, not who issued it.",
    );
    const operator = await renderLogbookPdf(locationReport, 'nl', {}, { ...key, subject: 'Waterbeheer B.V.', selfSigned: false });
    expect(pdfText(operator)).toContain('Digitaal ondertekend door Waterbeheer B.V..'.slice(0, -1));
    // Unsigned (a draft): no signature, no line.
    expect(pdfsig(await renderLogbookPdf(locationReport, 'nl')).out).toMatch(/does not contain any signatures/);
  });

  it('describeP12 reads the subject and whether the certificate signed itself; a wrong passphrase throws', async () => {
    const made = await makeSelfSignedP12('Aquasmart Portal');
    expect(describeP12(made.p12, made.passphrase)).toEqual({ subject: 'Aquasmart Portal', selfSigned: true });
    expect(() => describeP12(made.p12, 'wrong')).toThrow();
  });

  it('an operator\'s PKCS#12 (LOGBOOK_SIGNING_P12) is read once and used; a wrong passphrase names the variables', async () => {
    const made = await makeSelfSignedP12('Waterbeheer B.V.');
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'p12-'));
    try {
      const file = path.join(directory, 'signing.p12');
      fs.writeFileSync(file, made.p12);
      const noDatabase = {} as TDb; // the portal's own key is not asked for
      const signing = await logbookSigner(noDatabase, { p12File: file, passphrase: made.passphrase, name: 'unused' }).signing();
      expect(signing).toMatchObject({ subject: 'Waterbeheer B.V. (Aquasmart Portal)', selfSigned: true, passphrase: made.passphrase });
      expect(Buffer.compare(Buffer.from(signing.p12), made.p12)).toBe(0);
      await expect(logbookSigner(noDatabase, { p12File: file, passphrase: 'wrong', name: 'unused' }).signing()).rejects.toThrow(/LOGBOOK_SIGNING_P12 .*signing\.p12: .*LOGBOOK_SIGNING_PASSPHRASE/);
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });
});
