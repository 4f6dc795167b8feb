import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TDevice } from '@aquasmart/domain';
import { TOKEN_STORAGE_KEY } from '../../../../lib/session/token-storage';
import { stubDeviceApi, TEST_EUI, testDevice, type TApiCall } from '../../../../test/devices';
import { jsonResponse, renderRoutes } from '../../../../test/render';
import { testUser } from '../../../../test/users';
import { NodeDetailPage } from '../node-detail-page';

/** Calibration, offset edit and battery swap on the #details tab (docs/calibration.md). */

const ENGINEER = testUser(['calibration']);
const DATA_EDITOR = testUser(['calibrationDataEdit']);
const VIEWER = testUser(['editNode']);
const NOW_S = Math.floor(Date.now() / 1000);
const EUI = TEST_EUI;
const PATH = `/nodes/Gemeente%20Utrecht/Stadhuis/${EUI}#details`;
const CALIBRATION_URL = `/api/v1/devices/${EUI}/channels/temperature1/calibration`;

function node(ageS = 10): TDevice {
  const device = testDevice({ battery: { ts: '2025-11-01T10:00:00.000Z', voltage: 2.9, alarm: { ts: NOW_S - 3600 } } });
  return {
    ...device,
    channels: [
      { ...device.channels[0], ts: Math.floor(Date.now() / 1000) - ageS },
      { id: 'temperature2', name: 'Koud water', type: 'Temperatuur', value: -102.4, rawValue: -102.4, ts: NOW_S, offset: 0, calibratedAt: null, custom: { mode: 'KW' } },
      { id: 'battery1', name: 'Batterij', type: 'Batterij', value: 2.9, rawValue: 2.9, ts: NOW_S, offset: 0, calibratedAt: null, custom: {} },
    ],
  };
}

const stubApi = stubDeviceApi;

function render() {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
  return renderRoutes([{ path: '/nodes/:customer/:location/:eui', element: <NodeDetailPage /> }], PATH);
}

async function openDialog(channel: string) {
  const user = userEvent.setup();
  const region = await screen.findByRole('region', { name: channel });
  await user.click(within(region).getByRole('button', { name: 'Kalibreren' }));
  return { user, dialog: await screen.findByRole('dialog', { name: `${channel} kalibreren` }) };
}

const posts = (calls: TApiCall[]) => calls.filter((call) => call.method === 'POST');

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('calibration dialog', { timeout: 30_000 }, () => {
  it('shows the raw reading and its age, takes a comma, shows the offset and posts { calibrated, offset, measured }', async () => {
    const device = node();
    const calibrated = { ...device, channels: device.channels.map((channel) => (channel.id === 'temperature1' ? { ...channel, offset: 0.5, value: 61.9 } : channel)) };
    const calls = stubApi(ENGINEER, device, {
      [`POST ${CALIBRATION_URL}`]: () => jsonResponse(200, { key: 'snackbar.channelCalib', channel: 'temperature1', offset: 0.5, device: calibrated }),
    });
    render();
    const { user, dialog } = await openDialog('Warm water');
    expect(within(dialog).getByTestId('calibration-reading').textContent).toBe('61,4 °C');
    expect(within(dialog).getByTestId('calibration-age').textContent).toMatch(/^Gemeten 1\d seconden geleden/);
    expect(within(dialog).getByText(/Met de huidige afwijking \(-0,2 °C\) getoond als 61,2 °C/)).toBeTruthy();
    const reference = within(dialog).getByRole('textbox', { name: /IJkwaarde/ });
    expect(reference.getAttribute('inputmode')).toBe('decimal');

    await user.click(within(dialog).getByRole('button', { name: 'Kalibreren' }));
    expect(within(dialog).getByText('Veld is verplicht')).toBeTruthy();
    await user.type(reference, 'zestig');
    await user.click(within(dialog).getByRole('button', { name: 'Kalibreren' }));
    expect(within(dialog).getByText('Waarde moet een getal zijn')).toBeTruthy();
    // Far off: a typing error, refused before sending.
    await user.clear(reference);
    await user.type(reference, '6,1');
    await user.click(within(dialog).getByRole('button', { name: 'Kalibreren' }));
    expect(within(dialog).getByText('Een afwijking van -55,3 °C is groter dan 10 °C: controleer de ijkwaarde en de sensor')).toBeTruthy();
    expect(posts(calls)).toEqual([]);

    await user.clear(reference);
    await user.type(reference, '61,9');
    expect(within(dialog).getByTestId('calibration-offset').textContent).toBe('+0,5\u00A0°C');
    await user.click(within(dialog).getByRole('button', { name: 'Kalibreren' }));
    expect(await screen.findByText('Warm water gekalibreerd, afwijking +0,5 °C')).toBeTruthy();
    expect(posts(calls)).toEqual([{ method: 'POST', url: CALIBRATION_URL, body: { calibrated: 61.9, offset: 0.5, measured: 61.4 } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The answer's node is shown at once.
    expect(within(screen.getByRole('region', { name: 'Warm water' })).getByText('0,5 °C')).toBeTruthy();
  });

  it('a broken sensor is refused with checkSensor and the channel number; nothing is sent', async () => {
    const calls = stubApi(ENGINEER, node());
    render();
    const { user, dialog } = await openDialog('Koud water');
    expect(within(dialog).getByRole('alert').textContent).toBe('Controleer de sensor van kanaal 2: de meting is -100 °C of lager');
    await user.type(within(dialog).getByRole('textbox', { name: /IJkwaarde/ }), '12');
    expect(within(dialog).getByTestId('calibration-offset').textContent).toBe('Niet te berekenen met deze meting');
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Kalibreren' }).disabled).toBe(true);
    expect(within(dialog).getByTestId('dialog-blocked-reason').textContent).toBe('Kalibreren kan niet: de sensor is defect');
    expect(posts(calls)).toEqual([]);
  });

  it.each([
    [100, false],
    [125, true],
  ])('a reading %i s old: refused %s', async (ageS, refused) => {
    const calls = stubApi(ENGINEER, node(ageS), {
      [`POST ${CALIBRATION_URL}`]: () => jsonResponse(200, { key: 'snackbar.channelCalib', channel: 'temperature1', offset: 0, device: node(ageS) }),
    });
    render();
    const { user, dialog } = await openDialog('Warm water');
    const alert = within(dialog).queryByRole('alert');
    if (refused) expect(alert?.textContent).toMatch(/^De laatste meting van kanaal 1 is van .+; kalibreren kan alleen met een meting van de laatste 2 minuten/);
    else expect(alert).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: /IJkwaarde/ }), '61,4');
    const submit = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Kalibreren' });
    expect(submit.disabled).toBe(refused);
    if (!refused) await user.click(submit);
    await waitFor(() => expect(posts(calls)).toHaveLength(refused ? 0 : 1));
  });

  it("the server's refusal is shown in the dialog and as channelCalibError with the channel", async () => {
    stubApi(ENGINEER, node(), {
      [`POST ${CALIBRATION_URL}`]: () =>
        jsonResponse(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: 'x',
          key: 'errors.calibrationReadingTooOld',
          params: { channel: 1, minutes: 2, measuredAt: '2026-03-10T09:57:00.000Z' },
          fields: { measured: 'errors.calibrationReadingTooOld' },
        }),
    });
    render();
    const { user, dialog } = await openDialog('Warm water');
    await user.type(within(dialog).getByRole('textbox', { name: /IJkwaarde/ }), '61');
    await user.click(within(dialog).getByRole('button', { name: 'Kalibreren' }));
    const reason = /^De laatste meting van kanaal 1 is van 10-03-2026 \d\d:\d\d; kalibreren kan alleen met een meting van de laatste 2 minuten/;
    expect(await within(dialog).findByText(reason)).toBeTruthy();
    expect(await screen.findByText(/^Fout bij kalibreren van Warm water: De laatste meting van kanaal 1/)).toBeTruthy();
  });
});

describe('possible sensor drift (docs/calibration.md, "Drift")', { timeout: 30_000 }, () => {
  it('is shown on the channel card and in its dialog with both readings and the date; the calibration ends it; other channels show none', async () => {
    const base = node();
    const drift = { checkId: 7, outletId: 3, outletName: 'Douche 12', manual: 58.2, node: 55.9, nodeAt: '2026-11-12T08:55:00.000Z', at: '2026-11-12T09:00:00.000Z' };
    const device = { ...base, channels: base.channels.map((channel) => (channel.id === 'temperature1' ? { ...channel, drift } : channel)) };
    const calibrated = { ...device, channels: device.channels.map((channel) => (channel.id === 'temperature1' ? { ...channel, offset: 2.3, value: 63.7, drift: null } : channel)) };
    stubApi(ENGINEER, device, {
      [`POST ${CALIBRATION_URL}`]: () => jsonResponse(200, { key: 'snackbar.channelCalib', channel: 'temperature1', offset: 2.3, device: calibrated }),
    });
    render();
    const text = 'Mogelijke sensordrift: handmeting 58,2 °C, node 55,9 °C op 12-11-2026';
    // The temperatures keep their unit on the line (a no-break space).
    const notice = (element: HTMLElement) => (element.querySelector('[data-testid="calibration-drift"]')?.textContent ?? '').replace(/\u00a0/g, ' ');
    const card = await screen.findByRole('region', { name: 'Warm water' });
    expect(notice(card)).toContain(text);
    expect(notice(card)).toContain('Bij tappunt Douche 12');
    expect(within(await screen.findByRole('region', { name: 'Koud water' })).queryByTestId('calibration-drift')).toBeNull();

    const { user, dialog } = await openDialog('Warm water');
    expect(notice(dialog)).toContain(text);
    await user.type(within(dialog).getByRole('textbox', { name: /IJkwaarde/ }), '63,7');
    await user.click(within(dialog).getByRole('button', { name: 'Kalibreren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Warm water' })).queryByTestId('calibration-drift')).toBeNull());
  });
});

describe('possible sensor drift found at a former customer', { timeout: 30_000 }, () => {
  it('names no outlet once the node moved to another customer, and still asks for a calibration', async () => {
    const base = node();
    const drift = { checkId: null, outletId: null, outletName: null, manual: 58.2, node: 55.9, nodeAt: '2026-11-12T08:55:00.000Z', at: '2026-11-12T09:00:00.000Z' };
    stubApi(ENGINEER, { ...base, channels: base.channels.map((channel) => (channel.id === 'temperature1' ? { ...channel, drift } : channel)) }, {});
    render();
    const card = await screen.findByRole('region', { name: 'Warm water' });
    const text = (within(card).getByTestId('calibration-drift').textContent ?? '').replace(/\u00a0/g, ' ');
    expect(text).toContain('Mogelijke sensordrift: handmeting 58,2 °C');
    expect(text).toContain('Bij een tappunt op een eerdere plek van deze node');
    expect(text).not.toContain('null');
  });
});

describe('offset edit and battery swap', { timeout: 30_000 }, () => {
  it('calibrationDataEdit edits the offset; unchanged is calibAlready, shown as success; a failure is calibEditError', async () => {
    let answer = () => jsonResponse(200, { key: 'snackbar.calibAlready', channel: 'temperature1', offset: -0.2, device: node() });
    const calls = stubApi(DATA_EDITOR, node(), { [`PATCH ${CALIBRATION_URL}`]: () => answer() });
    render();
    const user = userEvent.setup();
    const region = await screen.findByRole('region', { name: 'Warm water' });
    expect(within(region).queryByRole('button', { name: 'Kalibreren' })).toBeNull();
    await user.click(within(region).getByRole('button', { name: 'Afwijking wijzigen' }));
    let dialog = await screen.findByRole('dialog', { name: 'Afwijking van Warm water wijzigen' });
    const field = within(dialog).getByRole('textbox', { name: /Nieuwe afwijking/ });
    expect((field as HTMLInputElement).value).toBe('-0,2');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('De afwijking is al -0,2 °C')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([{ offset: -0.2 }]);

    answer = () => jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'x' });
    await user.click(within(region).getByRole('button', { name: 'Afwijking wijzigen' }));
    dialog = await screen.findByRole('dialog', { name: 'Afwijking van Warm water wijzigen' });
    await user.clear(within(dialog).getByRole('textbox', { name: /Nieuwe afwijking/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Nieuwe afwijking/ }), '0,25');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(within(dialog).getByText('Waarde mag maximaal 1 decimalen hebben')).toBeTruthy();
    await user.clear(within(dialog).getByRole('textbox', { name: /Nieuwe afwijking/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Nieuwe afwijking/ }), '0,3');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText(/^Fout bij wijzigen afwijking/)).toBeTruthy();
  });

  it('battery swap asks first, then clears the battery alarm; a failure is batteryChangedError', async () => {
    let fail = true;
    const swapped = { ...node(), battery: { ts: new Date().toISOString(), voltage: 2.9, alarm: { ts: 0 } } };
    const calls = stubApi(ENGINEER, node(), {
      [`PATCH /api/v1/devices/${EUI}/lora/NS`]: () => (fail ? jsonResponse(500, { statusCode: 500, error: 'x', message: 'x' }) : jsonResponse(200, swapped)),
    });
    render();
    const user = userEvent.setup();
    await screen.findByRole('region', { name: 'Warm water' });
    const alarmText = /^Batterij bijna leeg/;
    expect(screen.getAllByRole('listitem').some((item) => alarmText.test(item.textContent ?? ''))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Batterij verwisselen' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Batterij verwisseld?' })).getByRole('button', { name: 'Ja, verwisseld' }));
    expect(await screen.findByText(/^Fout bij verwisselen batterij/)).toBeTruthy();

    fail = false;
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Batterij verwisselen' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Batterij verwisseld?' })).getByRole('button', { name: 'Ja, verwisseld' }));
    expect(await screen.findByText('Batterij verwisseld')).toBeTruthy();
    await waitFor(() => expect(screen.queryAllByRole('listitem').some((item) => alarmText.test(item.textContent ?? ''))).toBe(false));
    const patch = calls.filter((call) => call.method === 'PATCH').at(-1);
    expect(patch?.body).toMatchObject({ battery: { alarm: { ts: 0 } } });
  });

  it('without calibration rights: no calibrate, offset edit or battery swap', async () => {
    stubApi(VIEWER, node());
    render();
    await screen.findByRole('region', { name: 'Warm water' });
    expect(screen.queryByRole('button', { name: 'Kalibreren' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Afwijking wijzigen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Batterij verwisselen' })).toBeNull();
  });
});
