import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { i18n } from '../../lib/i18n/i18n';
import {
  formatCelsius,
  signalDisplay,
  syncState,
  temperatureDisplay,
  type TSignalDisplay,
  type TSyncState,
  type TSyncVariant,
  type TTemperatureDisplay,
  type TTemperatureInput,
} from './cell-rules';
import { SignalCell } from './signal-cell';
import { SyncCell } from './sync-cell';
import { TemperatureCell } from './temperature-cell';

describe('sync', () => {
  const cases: [number | null | undefined, TSyncVariant, TSyncState][] = [
    [-1, 'sync', 'notApplicable'],
    [0, 'sync', 'syncing'],
    [1, 'sync', 'synced'],
    [2, 'sync', 'synced'],
    [null, 'sync', 'unknown'],
    [undefined, 'sync', 'unknown'],
    [0, 'pending', 'pending'],
    [1, 'pending', 'done'],
    [-1, 'pending', 'done'],
    [5, 'pending', 'done'],
    [null, 'pending', 'unknown'],
  ];
  it.each(cases)('%j in variant %s is %s', (value, variant, state) => {
    expect(syncState(value, variant)).toBe(state);
  });

  it.each([
    [-1, 'sync', 'notApplicable', 'Niet van toepassing'],
    [0, 'sync', 'syncing', 'Wacht op synchronisatie'],
    [1, 'sync', 'synced', 'Gesynchroniseerd'],
    [0, 'pending', 'pending', 'In behandeling'],
    [3, 'pending', 'done', 'Afgerond'],
  ] as const)('renders %j (%s) as %s', (value, variant, state, label) => {
    render(<SyncCell value={value} variant={variant} />);
    expect(screen.getByRole('img', { name: label }).getAttribute('data-state')).toBe(state);
  });

  it('renders nothing without a value', () => {
    const { container } = render(<SyncCell value={null} />);
    expect(container.textContent).toBe('');
  });
});

describe('signal', () => {
  const cases: [number | null | undefined, 3 | 4, TSignalDisplay][] = [
    [0, 4, { kind: 'none' }],
    [0, 3, { kind: 'none' }],
    [-2, 4, { kind: 'none' }],
    [1, 4, { kind: 'level', level: 1, max: 4 }],
    [4, 4, { kind: 'level', level: 4, max: 4 }],
    [5, 4, { kind: 'level', level: 4, max: 4 }],
    [3, 3, { kind: 'level', level: 3, max: 3 }],
    [4, 3, { kind: 'level', level: 3, max: 3 }],
    [2.4, 4, { kind: 'level', level: 2, max: 4 }],
    [null, 4, { kind: 'unknown' }],
    [undefined, 3, { kind: 'unknown' }],
  ];
  it.each(cases)('%j on the 0-%i scale is %j', (level, scale, display) => {
    expect(signalDisplay(level, scale)).toEqual(display);
  });

  it('shows no signal as a red icon with the RSSI in its label', () => {
    render(<SignalCell level={0} rssi={-121} />);
    const icon = screen.getByRole('img', { name: 'Geen signaal (RSSI -121 dBm)' });
    expect(icon.getAttribute('data-level')).toBe('0');
    expect(icon.querySelector('svg')?.getAttribute('class')).toContain('colorError');
  });

  it.each([
    [3, 4, 'Signaal 3 van 4'],
    [2, 3, 'Signaal 2 van 3'],
  ] as const)('shows level %i of %i', (level, scale, label) => {
    render(<SignalCell level={level} scale={scale} />);
    expect(screen.getByRole('img', { name: label }).getAttribute('data-level')).toBe(String(level));
  });
});

describe('temperature', () => {
  const cases: [TTemperatureInput, TTemperatureDisplay][] = [
    [{ value: 45.2 }, { kind: 'value', value: 45.2, tone: 'normal' }],
    [{ value: -100 }, { kind: 'fault' }],
    [{ value: -102.4 }, { kind: 'fault' }],
    [{ value: -99.9 }, { kind: 'value', value: -99.9, tone: 'normal' }],
    [{ value: 45, active: false }, { kind: 'inactive' }],
    [{ value: -100, active: false }, { kind: 'inactive' }],
    [{ value: null }, { kind: 'empty' }],
    [{ value: 59.9, mode: 'WW' }, { kind: 'value', value: 59.9, tone: 'tooCold' }],
    [{ value: 60, mode: 'WW' }, { kind: 'value', value: 60, tone: 'normal' }],
    [{ value: 65, mode: 'WW' }, { kind: 'value', value: 65, tone: 'normal' }],
    [{ value: 25.1, mode: 'KW' }, { kind: 'value', value: 25.1, tone: 'tooWarm' }],
    [{ value: 25, mode: 'KW' }, { kind: 'value', value: 25, tone: 'normal' }],
    [{ value: 12, mode: 'KW' }, { kind: 'value', value: 12, tone: 'normal' }],
    [{ value: 40, mode: 'Meng/uittap' }, { kind: 'value', value: 40, tone: 'normal' }],
    [{ value: 30, mode: 'WW' }, { kind: 'value', value: 30, tone: 'tooCold' }],
    [{ value: 70, mode: 'KW' }, { kind: 'value', value: 70, tone: 'tooWarm' }],
    [{ value: -100, mode: 'WW' }, { kind: 'fault' }],
  ];
  it.each(cases)('%j is %j', (input, display) => {
    expect(temperatureDisplay(input)).toEqual(display);
  });

  it.each([
    [21.5, 'nl', '21,5\u00A0°C'],
    [21.5, 'en', '21.5\u00A0°C'],
    [60, 'nl', '60,0\u00A0°C'],
    [-3.25, 'en', '-3.3\u00A0°C'],
  ])('formats %d in %s as %s', (value, language, text) => {
    expect(formatCelsius(value, language).replace('\u2212', '-')).toBe(text);
  });

  it('renders a value with the channel name in the tooltip label', () => {
    render(<TemperatureCell value={52.5} mode="WW" channelName="Warm water keuken" />);
    const value = screen.getByText('52,5 °C');
    expect(value.getAttribute('data-tone')).toBe('tooCold');
    expect(value.querySelector('[data-testid="ArrowDownwardIcon"]')).toBeTruthy();
    expect(value.getAttribute('aria-label')).toBe('Warm water keuken · Te koud voor warm water');
  });

  it('renders KW too warm with an up arrow', async () => {
    await i18n.changeLanguage('en');
    render(<TemperatureCell value={26} mode="KW" channelName="Cold" />);
    const value = screen.getByText('26.0 °C');
    expect(value.getAttribute('data-tone')).toBe('tooWarm');
    expect(value.querySelector('[data-testid="ArrowUpwardIcon"]')).toBeTruthy();
  });

  it('renders a fault as a red cross and an inactive channel as a dash', () => {
    const { container } = render(
      <>
        <TemperatureCell value={-100} channelName="T1" />
        <TemperatureCell value={20} active={false} channelName="T2" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Sensorfout' }).querySelector('[data-testid="CloseIcon"]')).toBeTruthy();
    expect(container.querySelector('[data-kind="inactive"]')?.textContent).toBe('–');
  });
});
