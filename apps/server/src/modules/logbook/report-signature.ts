import { generateKeyPair, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { promisify } from 'node:util';
import forge from 'node-forge';
import { SignPdf } from '@signpdf/signpdf';
import { P12Signer } from '@signpdf/signer-p12';
import { DEFAULT_BYTE_RANGE_PLACEHOLDER, SIG_FLAGS, SUBFILTER_ADOBE_PKCS7_DETACHED } from '@signpdf/utils';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { logbookSigningKeys } from '../../db/schema';

/**
 * The digital signature of an issued logbook PDF (docs/logbook.md, "Issued reports"): a detached
 * PKCS#7 signature (SubFilter adbe.pkcs7.detached, SHA-256, the signing time in the signed
 * attributes) over the whole file but the signature itself, as Acrobat, Okular and poppler's pdfsig
 * check it. The key is the operator's PKCS#12 (LOGBOOK_SIGNING_P12 and LOGBOOK_SIGNING_PASSPHRASE) or,
 * without one, the portal's own self-signed certificate, made once and kept in the database
 * (`logbook_signing_keys`), so every server copy and every restart signs with the same key.
 *
 * The signing runs on the render thread with the PDF's layout (`renderLogbookPdf` with a
 * `TPdfSigning`): node-forge hashes and signs in JavaScript, tens of milliseconds for a large PDF.
 */

/** Who signed an issued report, as its register entry says. */
export interface TReportSignature {
  /** The certificate's subject, e.g. "Aquasmart Portal (portal.example.nl)". */
  subject: string;
  /** True: the portal's own certificate, which proves the file unchanged but not who issued it. */
  selfSigned: boolean;
}

/** What the render thread needs to sign: the PKCS#12 bytes, their passphrase and who they are. */
export interface TPdfSigning extends TReportSignature {
  p12: Uint8Array;
  passphrase: string;
}

/** Room for the signature in the file (hex: twice this); a certificate chain of a few certificates fits. */
const SIGNATURE_BYTES = 8192;

/** The smallest piece of a pdfkit document this needs (pdfmake's `getStream()` is one). */
interface TPdfKitDocument {
  ref(data: Record<string, unknown>): { data: Record<string, unknown>; end(): void };
  initForm(): void;
  _acroform?: unknown;
  _root: { data: { AcroForm: { data: Record<string, unknown> & { Fields: unknown[]; DR?: unknown } } } };
  page: { dictionary: unknown; annotations: unknown[] };
  end(): void;
  on(event: 'data', listener: (chunk: Buffer) => void): void;
  on(event: 'end' | 'error', listener: (error?: Error) => void): void;
}

/**
 * Adds the signature field with room for the signature to a laid-out pdfkit document (what
 * @signpdf/placeholder-pdfkit does; that package pins pdfkit 0.11 as a peer, pdfmake 0.3 brings
 * 0.19), ends it and signs the bytes. `signingTime` is the report's: the same report and key give
 * the same bytes (RSA PKCS#1 v1.5 signatures are deterministic).
 */
export async function signPdfDocument(document: object, signing: TPdfSigning, signingTime: Date): Promise<Buffer> {
  const pdf = document as TPdfKitDocument; // pdfkit's own types leave out the internals it needs (_root, _acroform)
  const signature = pdf.ref({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: SUBFILTER_ADOBE_PKCS7_DETACHED,
    ByteRange: [0, DEFAULT_BYTE_RANGE_PLACEHOLDER, DEFAULT_BYTE_RANGE_PLACEHOLDER, DEFAULT_BYTE_RANGE_PLACEHOLDER],
    Contents: Buffer.alloc(SIGNATURE_BYTES),
    Reason: new String('Issued logbook report'),
    Name: new String(signing.subject),
    M: signingTime,
    Prop_Build: { Filter: { Name: 'Adobe.PPKLite' }, App: { Name: 'AquaSmart' } },
  });
  if (!pdf._acroform) pdf.initForm();
  const form = pdf._root.data.AcroForm;
  form.data = { Type: 'AcroForm', SigFlags: SIG_FLAGS.SIGNATURES_EXIST | SIG_FLAGS.APPEND_ONLY, Fields: form.data.Fields, DR: form.data.DR };
  // An invisible widget (no rectangle) on the last page: the signature shows in the reader's signature panel.
  const widget = pdf.ref({ Type: 'Annot', Subtype: 'Widget', FT: 'Sig', Rect: [0, 0, 0, 0], F: 132, V: signature, T: new String('Signature1'), P: pdf.page.dictionary });
  pdf.page.annotations.push(widget);
  form.data.Fields.push(widget);
  signature.end();
  widget.end();
  const unsigned = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', (error) => reject(error ?? new Error('PDF stream failed')));
    pdf.end();
  });
  const signer = new P12Signer(Buffer.from(signing.p12), { passphrase: signing.passphrase });
  return new SignPdf().sign(unsigned, signer, signingTime);
}

/** The subject of a forge certificate as people read it: its common name, with the organisation when it adds something. */
function subjectText(certificate: forge.pki.Certificate): string {
  const value = (name: string) => certificate.subject.getField(name)?.value as string | undefined;
  const commonName = value('CN');
  const organisation = value('O');
  if (!commonName) return certificate.subject.attributes.map((attribute) => `${attribute.shortName ?? attribute.name}=${String(attribute.value)}`).join(', ');
  return organisation && !commonName.includes(organisation) ? `${commonName} (${organisation})` : commonName;
}

/** Opens a PKCS#12 file: its certificate's subject and whether it signed itself. Throws on a wrong passphrase or no key. */
export function describeP12(p12: Uint8Array, passphrase: string): TReportSignature {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(p12).toString('binary')));
  const parsed = forge.pkcs12.pkcs12FromAsn1(asn1, false, passphrase);
  const keys = parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? [];
  const key = keys[0]?.key;
  if (!key) throw new Error('the PKCS#12 file holds no (RSA) private key');
  const certificates = (parsed.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? []).flatMap((bag) => (bag.cert ? [bag.cert] : []));
  const own = certificates.find((certificate) => {
    const publicKey = certificate.publicKey as forge.pki.rsa.PublicKey;
    return publicKey.n?.equals(key.n) && publicKey.e?.equals(key.e);
  });
  if (!own) throw new Error('the PKCS#12 file holds no certificate of its private key');
  return { subject: subjectText(own), selfSigned: own.isIssuer(own) };
}

const generateKeyPairAsync = promisify(generateKeyPair);

/** The years the portal's own certificate is valid: longer than any report is kept (DE: 10 years). */
const SELF_SIGNED_YEARS = 30;

/**
 * A new self-signed signing identity: an RSA 3072 key (made by Node's crypto, off the event loop)
 * and a certificate for `name`, as a PKCS#12 with a random passphrase.
 */
export async function makeSelfSignedP12(name: string, now = new Date()): Promise<{ p12: Buffer; passphrase: string; subject: string }> {
  const pair = await generateKeyPairAsync('rsa', {
    modulusLength: 3072,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(pair.privateKey);
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(pair.publicKey);
  // Positive and unique enough: 16 random bytes with the top bit cleared.
  const serial = randomBytes(16);
  serial[0] = (serial[0] ?? 0) & 0x7f;
  certificate.serialNumber = serial.toString('hex');
  certificate.validity.notBefore = new Date(now.getTime() - 60_000);
  certificate.validity.notAfter = new Date(now);
  certificate.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + SELF_SIGNED_YEARS);
  const attributes = [
    { shortName: 'CN', value: name },
    { shortName: 'O', value: 'Aquasmart Portal' },
    { shortName: 'OU', value: 'Legionella logbook (self-signed)' },
  ];
  certificate.setSubject(attributes);
  certificate.setIssuer(attributes);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  certificate.sign(key, forge.md.sha256.create());
  const passphrase = randomBytes(24).toString('base64url');
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [certificate], passphrase, { algorithm: 'aes256' });
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), passphrase, subject: subjectText(certificate) };
}

/** The portal's own signing key: the stored one, else a new one stored (the first copy's wins when two make one at once). */
async function portalSigning(db: TDb, name: string): Promise<TPdfSigning> {
  const read = async () => (await db.select().from(logbookSigningKeys).where(eq(logbookSigningKeys.id, 1)))[0];
  let row = await read();
  if (!row) {
    const made = await makeSelfSignedP12(name);
    await db.insert(logbookSigningKeys).values({ id: 1, ...made }).onConflictDoNothing();
    row = await read();
  }
  if (!row) throw new Error('logbook signing key: not stored');
  return { p12: row.p12, passphrase: row.passphrase, subject: row.subject, selfSigned: true };
}

/** The key issued reports are signed with, found once and kept. */
export interface TLogbookSigner {
  signing(): Promise<TPdfSigning>;
}

/**
 * The operator's PKCS#12 (`p12File`, `passphrase`) when configured, else the portal's own
 * self-signed key (`name` is its common name; the first issue makes it). A file that cannot be
 * read or opened fails every issue with the reason (and the server's start: app.ts asks at ready).
 */
export function logbookSigner(db: TDb, { p12File, passphrase = '', name }: { p12File?: string; passphrase?: string; name: string }): TLogbookSigner {
  let found: Promise<TPdfSigning> | null = null;
  const find = async (): Promise<TPdfSigning> => {
    if (!p12File) return portalSigning(db, name);
    const p12 = await fs.promises.readFile(p12File);
    try {
      return { p12, passphrase, ...describeP12(p12, passphrase) };
    } catch (error) {
      throw new Error(`LOGBOOK_SIGNING_P12 ${p12File}: ${(error as Error).message} (a wrong LOGBOOK_SIGNING_PASSPHRASE?)`, { cause: error });
    }
  };
  return {
    signing() {
      found ??= find().catch((error: unknown) => {
        found = null; // asked again next time (a database that was down, a file fixed)
        throw error;
      });
      return found;
    },
  };
}

/** Who signed, as stored in the register (without the key). */
export const signatureOf = ({ subject, selfSigned }: TReportSignature): TReportSignature => ({ subject, selfSigned });
