import Tooltip from '@mui/material/Tooltip';
import SignalCellular1BarIcon from '@mui/icons-material/SignalCellular1Bar';
import SignalCellular2BarIcon from '@mui/icons-material/SignalCellular2Bar';
import SignalCellular3BarIcon from '@mui/icons-material/SignalCellular3Bar';
import SignalCellular4BarIcon from '@mui/icons-material/SignalCellular4Bar';
import SignalCellularAlt1BarIcon from '@mui/icons-material/SignalCellularAlt1Bar';
import SignalCellularAlt2BarIcon from '@mui/icons-material/SignalCellularAlt2Bar';
import SignalCellularAltIcon from '@mui/icons-material/SignalCellularAlt';
import SignalCellularOffIcon from '@mui/icons-material/SignalCellularOff';
import { useTranslation } from 'react-i18next';
import { signalDisplay, type TSignalScale } from './cell-rules';

const ICONS: Record<TSignalScale, (typeof SignalCellular1BarIcon)[]> = {
  4: [SignalCellular1BarIcon, SignalCellular2BarIcon, SignalCellular3BarIcon, SignalCellular4BarIcon],
  3: [SignalCellularAlt1BarIcon, SignalCellularAlt2BarIcon, SignalCellularAltIcon],
};

export interface TSignalCellProps {
  level: number | null | undefined;
  /** 4 in the node list, 3 in the faulty-sensor list. */
  scale?: TSignalScale;
  /** The radio RSSI in dBm, shown in the tooltip of the no-signal icon. */
  rssi?: number | null;
}

/** Signal strength; level 0 is a red no-signal icon with the RSSI in its tooltip. */
export function SignalCell({ level, scale = 4, rssi }: TSignalCellProps) {
  const { t } = useTranslation();
  const display = signalDisplay(level, scale);
  if (display.kind === 'unknown') return null;
  if (display.kind === 'none') {
    const label = t('cells.noSignal');
    const title = rssi === null || rssi === undefined ? label : `${label} (${t('cells.rssi', { rssi })})`;
    return (
      <Tooltip title={title}>
        <span role="img" aria-label={title} data-level={0} style={{ display: 'inline-flex', verticalAlign: 'middle' }}>
          <SignalCellularOffIcon fontSize="small" color="error" />
        </span>
      </Tooltip>
    );
  }
  const Icon = ICONS[display.max][display.level - 1];
  const label = t('cells.signalLevel', { level: display.level, max: display.max });
  return (
    <Tooltip title={label}>
      <span role="img" aria-label={label} data-level={display.level} style={{ display: 'inline-flex', verticalAlign: 'middle' }}>
        <Icon fontSize="small" color="action" />
      </span>
    </Tooltip>
  );
}
