import { nodesUiEn, nodesUiNl } from '@aquasmart/domain';
import { addFeatureTexts } from '../feature-texts';

// The node list, register and edit texts, added when the route table loads one of their screens
// (also the customer, location and gateway detail pages, whose #nodes tab shows the node list).
addFeatureTexts({ nl: nodesUiNl, en: nodesUiEn });
