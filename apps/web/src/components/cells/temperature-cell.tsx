import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { formatCelsius, temperatureDisplay, type TTemperatureInput } from './cell-rules';

export interface TTemperatureCellProps extends TTemperatureInput {
  /** The channel's name, shown in the tooltip. */
  channelName?: string | null;
}

/**
 * The width of a temperature column: its widest value, "100,0 °C ↑" (about 76 px in the body
 * font), with the cell's padding (2 x 10 px) and room for a wider font; the cell never cuts it.
 */
export const TEMPERATURE_COLUMN_WIDTH = 100;

/**
 * A temperature channel: the value in °C; a red cross at -100 or lower; a dash when inactive;
 * WW under 60 °C blue with a down arrow, KW over 25 °C red with an up arrow.
 */
export function TemperatureCell({ value, active, mode, channelName }: TTemperatureCellProps) {
  const { t, i18n } = useTranslation();
  const display = temperatureDisplay({ value, active, mode });
  let content;
  let extra: string | null = null;
  if (display.kind === 'inactive' || display.kind === 'empty') {
    if (display.kind === 'inactive') extra = t('cells.inactive');
    content = (
      <Box component="span" data-kind={display.kind} sx={{ color: 'text.secondary' }}>
        –
      </Box>
    );
  } else if (display.kind === 'fault') {
    extra = t('cells.sensorFault');
    content = (
      <Box component="span" data-kind="fault" role="img" aria-label={extra} sx={{ display: 'inline-flex', verticalAlign: 'middle' }}>
        <CloseIcon fontSize="small" color="error" />
      </Box>
    );
  } else {
    if (display.tone === 'tooCold') extra = t('cells.tooCold');
    if (display.tone === 'tooWarm') extra = t('cells.tooWarm');
    const color = display.tone === 'tooCold' ? 'info.dark' : display.tone === 'tooWarm' ? 'error.main' : 'text.primary';
    content = (
      <Box
        component="span"
        data-kind="value"
        data-tone={display.tone}
        sx={{ color, display: 'inline-flex', alignItems: 'center', gap: 0.25, whiteSpace: 'nowrap', verticalAlign: 'middle' }}
      >
        {formatCelsius(display.value, i18n.language)}
        {display.tone === 'tooCold' ? <ArrowDownwardIcon sx={{ fontSize: 16 }} /> : null}
        {display.tone === 'tooWarm' ? <ArrowUpwardIcon sx={{ fontSize: 16 }} /> : null}
      </Box>
    );
  }
  const title = [channelName, extra].filter(Boolean).join(' · ');
  if (!title) return content;
  return <Tooltip title={title}>{content}</Tooltip>;
}
