import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import EditIcon from '@mui/icons-material/Edit';
import ThermostatIcon from '@mui/icons-material/Thermostat';
import { useTranslation } from 'react-i18next';
import { hasAnyRight, isTemperatureChannel, type TDevice, type TDeviceChannel } from '@aquasmart/domain';
import { useCurrentUser } from '../../../../lib/session/current-user';
import { CalibrationDialog } from './calibration-dialog';
import { OffsetDialog } from './offset-dialog';

/**
 * The actions under a temperature channel on the #details tab: calibrate (calibration) and
 * change the offset (calibrationDataEdit). Nothing for other channels or without the rights.
 */
export function ChannelCalibrationActions({ device, channel }: { device: TDevice; channel: TDeviceChannel }) {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  const [open, setOpen] = useState<'calibrate' | 'offset' | null>(null);
  const mayCalibrate = hasAnyRight(user, 'calibration');
  const mayEditOffset = hasAnyRight(user, 'calibrationDataEdit');
  if (!isTemperatureChannel(channel) || (!mayCalibrate && !mayEditOffset)) return null;
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
        {mayCalibrate ? (
          <Button variant="contained" startIcon={<ThermostatIcon />} onClick={() => setOpen('calibrate')} sx={{ minHeight: 44 }}>
            {t('calibration.calibrate')}
          </Button>
        ) : null}
        {mayEditOffset ? (
          <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setOpen('offset')} sx={{ minHeight: 44 }}>
            {t('calibration.editOffset')}
          </Button>
        ) : null}
      </Stack>
      {open === 'calibrate' ? <CalibrationDialog device={device} channelId={channel.id} onClose={() => setOpen(null)} /> : null}
      {open === 'offset' ? <OffsetDialog device={device} channel={channel} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
