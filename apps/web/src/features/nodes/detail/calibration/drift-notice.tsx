import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { formatLocale, formatTemperature, type TDeviceChannel } from '@aquasmart/domain';
import { dateText } from '../format';

/**
 * Possible sensor drift on a channel (docs/calibration.md, "Drift"): a check by hand at a linked
 * outlet differed by more than 1.5 °C from the node. Shown on the channel's card and in its
 * calibration dialog until the channel's next calibration; nothing without drift. `spaced`: a
 * margin above it (the card; the dialog's stack spaces its own).
 */
export function DriftNotice({ channel, spaced = true }: { channel: TDeviceChannel; spaced?: boolean }) {
  const { t, i18n } = useTranslation();
  const drift = channel.drift;
  if (!drift) return null;
  const locale = formatLocale(i18n.language);
  return (
    <Alert severity="warning" data-testid="calibration-drift" sx={spaced ? { mt: 2 } : undefined}>
      <strong>{t('calibration.drift', { manual: formatTemperature(drift.manual, locale), node: formatTemperature(drift.node, locale), date: dateText(i18n.language, drift.at) })}</strong>
      <br />
      {drift.outletName === null ? t('calibration.driftDetailElsewhere') : t('calibration.driftDetail', { outlet: drift.outletName })}
    </Alert>
  );
}
