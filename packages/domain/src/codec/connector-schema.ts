import { z } from 'zod';
import { DEVICE_TYPES } from '../constants';

/** The connectors catalogue as the API answers it (GET /connectors/{id}/{version}). */
export const ZConnectorField = z.object({ name: z.string(), unit: z.string().optional(), description: z.string() });

export const ZConnectorMessage = z.object({
  id: z.number().int(),
  name: z.string(),
  fPort: z.number().int(),
  direction: z.enum(['up', 'down']),
  fields: z.array(ZConnectorField),
});

export const ZConnector = z.object({
  id: z.string(),
  version: z.string(),
  deviceType: z.enum(DEVICE_TYPES),
  messages: z.array(ZConnectorMessage),
});

/** Projections may leave any field out. */
export const ZConnectorProjected = z.object({
  id: z.string().optional(),
  version: z.string().optional(),
  deviceType: z.enum(DEVICE_TYPES).optional(),
  messages: z.array(ZConnectorMessage.partial()).optional(),
});

/** Projectable paths of a connector; `messages` alone means `messages.id messages.name` (docs/payload-format.md, "Connectors catalogue"). */
export const CONNECTOR_PROJECTION_FIELDS = ['id', 'version', 'deviceType', 'messages.id', 'messages.name', 'messages.fPort', 'messages.direction', 'messages.fields'] as const;
