import { nodeDetailUiEn, nodeDetailUiNl } from '@aquasmart/domain';
import { addFeatureTexts } from '../feature-texts';

// The node detail's own texts, added when the route table loads its screen.
addFeatureTexts({ nl: nodeDetailUiNl, en: nodeDetailUiEn });
