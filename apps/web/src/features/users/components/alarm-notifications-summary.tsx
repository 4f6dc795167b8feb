import { useTranslation } from 'react-i18next';
import { ALARM_KINDS, channelsOfKind, type TAlarmNotifications } from '@aquasmart/domain';

/**
 * What a user chose for alarm notifications (docs/alarm-notifications.md), as the user page shows it:
 * each kind not off with when and by which channels, quiet hours in the user's time zone, customers.
 * The Teams and Slack addresses are secrets and are not shown.
 */
export function AlarmNotificationsSummary({ preferences }: { preferences: TAlarmNotifications }) {
  const { t } = useTranslation();
  const chosen = ALARM_KINDS.filter((kind) => preferences.kinds[kind] !== 'off');
  const channelsOf = (kind: (typeof ALARM_KINDS)[number]) => channelsOfKind(preferences.channels, kind).map((channel) => t(`alarmNotifications.channels.${channel}`)).join(', ');
  return (
    <>
      {chosen.length === 0
        ? t('alarmNotifications.modes.off')
        : chosen.map((kind, index) => (
            // One kind a line: with its channels, a run of them is hard to read.
            <span key={kind}>
              {index > 0 ? <br /> : null}
              {`${t(`alarmNotifications.kinds.${kind}`)}: ${t(`alarmNotifications.modes.${preferences.kinds[kind]}`)} (${channelsOf(kind)})`}
            </span>
          ))}
      {preferences.quietHours ? (
        <>
          <br />
          {`${t('alarmNotifications.quietHours')}: ${preferences.quietHours.from}–${preferences.quietHours.to} (${preferences.timeZone.replace(/_/g, ' ')})`}
        </>
      ) : null}
      <br />
      {/* Another user's choices (or one's own, seen as a user): "die deze gebruiker mag zien", never "die ik mag zien". */}
      {preferences.customers === 'all' ? t('alarmNotifications.customersAllOther') : `${t('alarmNotifications.customers')}: ${preferences.customers.join(', ')}`}
    </>
  );
}
