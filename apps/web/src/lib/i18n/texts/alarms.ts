import { alarmsUiEn, alarmsUiNl } from '@aquasmart/domain';
import { addFeatureTexts } from '../feature-texts';
// A legionella alarm's resolve dialog asks when the authority was told (its message is sampling's).
import './sampling-messages';
// A check alarm's details name its checks and verdict (the outlet screens' words).
import './outlets';

// Alarm handling: the Alarms screens, the node's Alarms tab and the alarm state in the dashboard
// lists, added when the route table loads one of their screens.
addFeatureTexts({ nl: alarmsUiNl, en: alarmsUiEn });
