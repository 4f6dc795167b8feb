import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { renderAt } from '../../test/render';
import { HttpError } from '../../lib/http/http-error';
import ScanDialog from './scan-dialog';
import type { TScanRefusal } from './scan-refusal';

/** What the fake camera shows: the codes the reader finds in every frame. */
let seen: string[] = [];

/** The browser's own detector (barcode-reader.ts takes it when it reads the label formats): no module mock, the test files share their modules. */
class FakeBarcodeDetector {
  static getSupportedFormats = async () => ['qr_code', 'data_matrix', 'code_128'];
  detect = async () => seen.map((rawValue) => ({ rawValue }));
}

/**
 * The scanner with a camera (a fake stream and reader; happy-dom has neither): an outlet's label
 * opens the outlet where the scanner takes outlets, and is said to be no node's where it does not
 * (the register screen); a node's label still opens the node.
 */
describe('ScanDialog reading labels from the camera', () => {
  beforeEach(() => {
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: async () => ({ getTracks: () => [] }) } });
    vi.stubGlobal('BarcodeDetector', FakeBarcodeDetector);
    vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'srcObject', 'set').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("an outlet's label: the outlet is opened (not the node lookup); not found is said", async () => {
    seen = ['https://portal.example.nl/outlets/42'];
    const onEui = vi.fn(async () => null);
    const onOutlet = vi.fn(async (id: number): Promise<TScanRefusal | null> => ({ text: `Tappunt ${id} niet gevonden.` }));
    renderAt(<ScanDialog onClose={() => undefined} onEui={onEui} onOutlet={onOutlet} />);
    expect((await screen.findByTestId('scan-message')).textContent).toBe('Tappunt 42 niet gevonden.');
    expect(onOutlet).toHaveBeenCalledTimes(1);
    expect(onOutlet).toHaveBeenCalledWith(42);
    expect(onEui).not.toHaveBeenCalled();
  });

  it("an outlet's label that cannot be looked up says why, naming the outlet", async () => {
    seen = ['https://portal.example.nl/outlets/42'];
    const onOutlet = vi.fn(async (): Promise<TScanRefusal | null> => {
      throw new HttpError(0, 'GET', '/api/v1/outlets/42', null);
    });
    renderAt(<ScanDialog onClose={() => undefined} onEui={async () => null} onOutlet={onOutlet} />);
    await waitFor(() => expect(screen.getByTestId('scan-message').textContent).toBe('Tappunt 42 kon niet worden gezocht. Geen verbinding. Probeer het opnieuw.'));
  });

  it("without onOutlet (the register screen) an outlet's label is said to be one, and nothing is looked up", async () => {
    seen = ['https://portal.example.nl/outlets/42'];
    const onEui = vi.fn(async () => null);
    renderAt(<ScanDialog onClose={() => undefined} onEui={onEui} />);
    expect((await screen.findByTestId('scan-message')).textContent).toBe('Gelezen: het label van tappunt 42. Scan hier het label van een node.');
    expect(onEui).not.toHaveBeenCalled();
  });

  it("a node's label opens the node as before, also where outlets are taken", async () => {
    seen = ['70B3D5E75E000001'];
    const onEui = vi.fn(async () => null);
    const onOutlet = vi.fn(async () => null);
    renderAt(<ScanDialog onClose={() => undefined} onEui={onEui} onOutlet={onOutlet} />);
    await waitFor(() => expect(onEui).toHaveBeenCalledWith('70B3D5E75E000001'));
    expect(onOutlet).not.toHaveBeenCalled();
  });
});
