import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZChannelMessage, ZPhoneConfirm, ZPhoneStart, ZPhoneState } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import type { TChannelSettings } from './channel-outbox';
import { alarmMessages } from './channel-messages';
import { confirmPhone, removePhone, startPhoneVerification } from './phone-service';

export interface TChannelRoutesOptions {
  db: TDb;
  settings: TChannelSettings;
  /** Called when a message was written (the phone code): the channel sender sends it at once. */
  onQueued: () => void;
}

/** The own phone number and its code (docs/alarm-notifications.md, "Phone number"); an alarm's channel messages for administrators. */
export async function alarmChannelRoutes(app: FastifyInstance, { db, settings, onQueued }: TChannelRoutesOptions): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/users/current/phone',
    {
      schema: {
        operationId: 'PostCurrentPhone',
        tags: ['users'],
        summary: 'Set the own mobile number (E.164; unverified) and send a code to it by SMS; at most one code a minute',
        body: ZPhoneStart,
        response: { 200: ZPhoneState, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const state = await startPhoneVerification(db, currentUser(request), request.body.phone, settings);
      onQueued();
      return state;
    },
  );
  routes.post(
    '/users/current/phone/confirm',
    {
      schema: {
        operationId: 'PostCurrentPhoneConfirm',
        tags: ['users'],
        summary: 'Confirm the own mobile number with the code sent to it (valid 10 minutes, 5 tries)',
        body: ZPhoneConfirm,
        response: { 200: ZPhoneState, ...errorResponses(400, 401) },
      },
    },
    async (request) => confirmPhone(db, currentUser(request), request.body.code),
  );
  routes.delete(
    '/users/current/phone',
    {
      schema: {
        operationId: 'DeleteCurrentPhone',
        tags: ['users'],
        summary: 'Remove the own mobile number: no more SMS',
        response: { 200: ZPhoneState, ...errorResponses(401) },
      },
    },
    async (request) => removePhone(db, currentUser(request)),
  );
  routes.get(
    '/alarms/:id/messages',
    {
      schema: {
        operationId: 'GetAlarmMessages',
        tags: ['alarms'],
        summary: "The alarm's Teams, Slack and SMS messages with their delivery state (administrators)",
        params: z.object({ id: z.coerce.number().int().min(1) }),
        response: { 200: z.array(ZChannelMessage), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => alarmMessages(db, request.params.id),
  );
}
