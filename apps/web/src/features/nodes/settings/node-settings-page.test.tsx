import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import type { TCurrentUser } from '@aquasmart/domain';
import { TOKEN_STORAGE_KEY } from '../../../lib/session/token-storage';
import { stubDeviceApi, TEST_EUI, testDevice } from '../../../test/devices';
import { jsonResponse, renderRoutes } from '../../../test/render';
import { testUser } from '../../../test/users';
import { NodeSettingsPage } from './node-settings-page';

const ADMIN = testUser([], { type: 'Administrator' });
const ENGINEER = testUser(['settings']);
const EUI = TEST_EUI;
const PATH = `/nodes/Gemeente%20Utrecht/Stadhuis/${EUI}/settings`;

const NODE = testDevice({
  type: 'V3',
  channels: [],
  sipp: {
    parameters: [
      {
        register: 1,
        value: {
          sendInterval: 6,
          'supply-voltage-threshold': 3.1,
          calibrationDuration: 5,
          inputs: [
            { mode: 'actual', lowAlarm: 55, highAlarm: -102.4, turnOnTime: 0, turnOffTime: 0 },
            { mode: 'actual', lowAlarm: -102.4, highAlarm: 25, turnOnTime: 0, turnOffTime: 0 },
          ],
        },
        status: 'saved',
        reported: null,
        updatedAt: '2026-01-10T09:00:00.000Z',
      },
    ],
    connector: null,
    diagnostics: {},
  },
});
const PARAMETERS_URL = `POST /api/v1/devices/${EUI}/parameters`;

/** The posted bodies of POST /devices/{eui}/parameters. */
function stubApi(me: TCurrentUser, post: () => Response = () => jsonResponse(200, { eui: EUI, sync: 0, parameters: [] })) {
  const calls = stubDeviceApi(me, NODE, { [PARAMETERS_URL]: post });
  return { bodies: () => calls.filter((call) => `${call.method} ${call.url}` === PARAMETERS_URL).map((call) => call.body) };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.hash}`}</output>;
}

function renderPage() {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
  return renderRoutes(
    [
      { path: '/nodes/:customer/:location/:eui/settings', element: <NodeSettingsPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    PATH,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('/nodes/{customer}/{location}/{eui}/settings', { timeout: 30_000 }, () => {
  it('an engineer edits the inputs of a V3 node without the administrators block; save sends only the change and returns to #settings', async () => {
    const posts = stubApi(ENGINEER);
    renderPage();
    const user = userEvent.setup();
    const upper = await screen.findAllByRole('textbox', { name: 'Alarm bovengrens (°C)' });
    expect(screen.queryByText('Systeeminstellingen (alleen administrators)')).toBeNull();
    expect(screen.queryByRole('textbox', { name: /^Zendinterval/ })).toBeNull();
    // An off alarm is an empty field.
    expect((upper[0] as HTMLInputElement).value).toBe('');
    await user.type(upper[0], '70,5');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/nodes/Gemeente%20Utrecht/Stadhuis/${EUI}#settings`));
    expect(posts.bodies()).toEqual([
      [
        {
          register: 1,
          value: {
            inputs: [
              { mode: 'actual', lowAlarm: 55, highAlarm: 70.5, turnOnTime: 0, turnOffTime: 0 },
              { mode: 'actual', lowAlarm: -102.4, highAlarm: 25, turnOnTime: 0, turnOffTime: 0 },
            ],
          },
        },
      ],
    ]);
    expect(await screen.findByText('Instellingen verzonden naar de node')).toBeTruthy();
  });

  it('refuses out of range values before sending, and shows a server refusal on its field with settingsEditError', async () => {
    const posts = stubApi(ADMIN, () =>
      jsonResponse(400, { statusCode: 400, error: 'Bad Request', key: 'errors.badRequest', message: 'Invalid', fields: { '0.value.sendInterval': 'validation.range?min=1&max=24' } }),
    );
    renderPage();
    const user = userEvent.setup();
    const turnOn = await screen.findAllByRole('textbox', { name: 'Inschakeltijd (s)' });
    await user.clear(turnOn[1]);
    await user.type(turnOn[1], '241');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Waarde moet tussen de 0 en 240 zijn')).toBeTruthy();
    expect(posts.bodies()).toEqual([]);

    await user.clear(turnOn[1]);
    await user.type(turnOn[1], '30');
    const send = screen.getByRole('textbox', { name: 'Zendinterval (uur)' });
    await user.clear(send);
    await user.type(send, '12');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Waarde moet tussen de 1 en 24 zijn')).toBeTruthy();
    expect(await screen.findByText(/^Fout bij wijzigen instellingen/)).toBeTruthy();
    expect(posts.bodies()).toHaveLength(1);
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('says the valve pulse is a multiple of 5, and writes Dutch ranges with the decimal comma', async () => {
    const v2 = testDevice({
      type: 'V2',
      channels: testDevice().channels.map((channel) => (channel.id === 'temperature1' ? { ...channel, name: 'Aanvoer' } : channel)),
      sipp: {
        parameters: [
          { register: 2, value: { logInterval: 15, inputs: [{ mode: 'actual', lowAlarm: -102.4, highAlarm: -102.4 }] }, status: 'saved', reported: null, updatedAt: '2026-01-10T09:00:00.000Z' },
          {
            register: 3,
            value: { enabled: 1, flushtime: 3, highTempFlushdelay: 30, flushStopThreshold: -102.4, valvePulseLength: 250 },
            status: 'saved',
            reported: null,
            updatedAt: '2026-01-10T09:00:00.000Z',
          },
        ],
        connector: null,
        diagnostics: {},
      },
    });
    const calls = stubDeviceApi(ADMIN, v2, { [PARAMETERS_URL]: () => jsonResponse(200, { eui: EUI, sync: 0, parameters: [] }) });
    renderPage();
    const user = userEvent.setup();
    const pulse = await screen.findByRole('textbox', { name: 'Pulslengte klep (ms)' });
    expect(pulse.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('0 tot 1250 ms, een veelvoud van 5')).toBeTruthy();
    // Units on every number; the stop temperature keeps its -102.4 and the hint says that is off.
    expect(screen.getByRole('textbox', { name: 'Wachttijd spoelen (min)' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Stoptemperatuur spoelen (°C)' }).value).toBe('-102,4');
    expect(screen.getAllByText('-102,4 tot 100 °C; -102,4 is uit')).toHaveLength(2);
    // The inputs by their channels' names, "Ingang N" where the node has no such channel.
    expect(screen.getByRole('group', { name: 'Aanvoer (ingang 1)' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Ingang 2' })).toBeTruthy();
    const lower = screen.getAllByRole('textbox', { name: 'Alarm ondergrens (°C)' });
    await user.type(lower[0], '-110');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Waarde moet tussen de -102,4 en 100 zijn')).toBeTruthy();
    expect(calls.filter((call) => `${call.method} ${call.url}` === PARAMETERS_URL)).toEqual([]);
  });
});
