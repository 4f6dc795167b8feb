import { calibrationMessagesEn, calibrationMessagesNl } from '@aquasmart/domain';
import { addFeatureTexts } from '../feature-texts';

// The refusals of calibration (docs/calibration.md), added with the node detail's texts: its
// #details tab holds the calibration dialog (on a desk and in the field).
addFeatureTexts({ nl: calibrationMessagesNl, en: calibrationMessagesEn });
