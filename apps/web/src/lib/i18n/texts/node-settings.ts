import { nodeSettingsUiEn, nodeSettingsUiNl } from '@aquasmart/domain';
import { addFeatureTexts } from '../feature-texts';

// The node settings' own texts (tab, editor, replication), added when the route table loads a screen that shows them.
addFeatureTexts({ nl: nodeSettingsUiNl, en: nodeSettingsUiEn });
