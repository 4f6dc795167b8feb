import { alarmNotificationsUiEn, alarmNotificationsUiNl } from '@aquasmart/domain';
import { addFeatureTexts } from '../feature-texts';

// The alarm notifications editor and the customers' escalation settings (docs/alarm-notifications.md).
addFeatureTexts({ nl: alarmNotificationsUiNl, en: alarmNotificationsUiEn });
