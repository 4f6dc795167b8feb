import { calibrationUiEn, calibrationUiNl, nodeDetailUiEn, nodeDetailUiNl } from '@aquasmart/domain';
import { addFeatureTexts } from '../feature-texts';
// The move dialog shows the edit screen's place fields, with their texts.
import './nodes';
import './calibration-messages';

// The node detail's own texts, added when the route table loads its screen; calibration and
// battery swap (the #details tab's actions) come with them.
addFeatureTexts({ nl: nodeDetailUiNl, en: nodeDetailUiEn });
addFeatureTexts({ nl: calibrationUiNl, en: calibrationUiEn });
