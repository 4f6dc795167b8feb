import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TOTAL_COUNT_HEADER,
  ZAlarm,
  ZAlarmAcknowledge,
  ZAlarmAssign,
  ZAlarmAssignee,
  ZAlarmComment,
  ZAlarmCount,
  ZAlarmListQuery,
  ZAlarmResolve,
  ZAlarmWithEvents,
  ZDeviceAlarmsQuery,
} from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { errorResponse, errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import { alarmAssignees, alarmCount, exportAlarms, handleAlarm, listAlarms, listDeviceAlarms, readAlarm } from './alarm-service';
import { alarmExportColumns } from './alarm-export';
import { CSV_EXPORT_RESPONSE, exportLanguage, sendCsvExport, ZExportLanguage } from '../../lib/csv-export';

const ZAlarmParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
const ZDeviceParams = z.object({ eui: z.string().min(1).max(100) });
const PAGE_ANSWER = `One page; the header ${TOTAL_COUNT_HEADER} holds the number of matching alarms`;
const STEP_RESPONSES = {
  200: ZAlarmWithEvents,
  ...errorResponses(400, 401, 404),
  403: errorResponse('errors.alarmKindNotHandled: the caller may see but not handle this kind (docs/alarms.md, "Rights")'),
  409: errorResponse('errors.alarmAlreadyResolved or errors.alarmAlreadyAcknowledged: the state does not allow the step'),
};

/** The alarms (docs/alarms.md, "API"): lists, count, detail, assignees and the handling steps; scoped like the nodes. */
export async function alarmRoutes(app: FastifyInstance, { db }: { db: TDb }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/alarms',
    {
      schema: {
        operationId: 'GetAlarms',
        tags: ['alarms'],
        summary: 'Alarms the caller may see, active first then newest; status (default toHandle), kind, customer and location (names) or customerId and locationId, state, assignee (me or a user id), deviceEui',
        querystring: ZAlarmListQuery,
        response: { 200: z.array(ZAlarm).describe(PAGE_ANSWER), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const page = await listAlarms(db, currentUser(request), request.query);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return page.rows;
    },
  );

  routes.get(
    '/alarms/export.csv',
    {
      schema: {
        operationId: 'GetAlarmsExport',
        tags: ['alarms'],
        summary: 'GET /alarms as CSV: every alarm the filters match, in the list order (docs/exports.md)',
        querystring: ZAlarmListQuery.omit({ page: true, limit: true }).extend({ language: ZExportLanguage.optional() }),
        response: { 200: CSV_EXPORT_RESPONSE, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const language = exportLanguage(request.query.language, user);
      return sendCsvExport(reply, { list: 'alarms', columns: alarmExportColumns(language), batches: await exportAlarms(db, user, request.query), language });
    },
  );

  routes.get(
    '/alarms/count',
    {
      schema: {
        operationId: 'GetAlarmCount',
        tags: ['alarms'],
        summary: 'The menu badge: alarms in state new the caller may see',
        response: { 200: ZAlarmCount, ...errorResponses(401, 403) },
      },
    },
    async (request) => alarmCount(db, currentUser(request)),
  );

  routes.get(
    '/alarms/:id',
    {
      schema: {
        operationId: 'GetAlarm',
        tags: ['alarms'],
        summary: 'One alarm with its timeline',
        params: ZAlarmParams,
        response: { 200: ZAlarmWithEvents, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => readAlarm(db, currentUser(request), request.params.id),
  );

  routes.get(
    '/alarms/:id/assignees',
    {
      schema: {
        operationId: 'GetAlarmAssignees',
        tags: ['alarms'],
        summary: 'Users who may handle the alarm: see its customer and handle its kind (the ones it can be assigned to), by name',
        params: ZAlarmParams,
        response: { 200: z.array(ZAlarmAssignee), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => alarmAssignees(db, currentUser(request), request.params.id),
  );

  routes.get(
    '/devices/:eui/alarms',
    {
      schema: {
        operationId: 'GetDeviceAlarms',
        tags: ['alarms'],
        summary: "The node's alarms, active first then newest",
        params: ZDeviceParams,
        querystring: ZDeviceAlarmsQuery,
        response: { 200: z.array(ZAlarm).describe(PAGE_ANSWER), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const page = await listDeviceAlarms(db, currentUser(request), request.params.eui, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return page.rows;
    },
  );

  routes.post(
    '/alarms/:id/acknowledge',
    {
      schema: { operationId: 'PostAlarmAcknowledge', tags: ['alarms'], summary: 'I have seen this alarm', params: ZAlarmParams, body: ZAlarmAcknowledge, response: STEP_RESPONSES },
    },
    async (request) => handleAlarm(db, currentUser(request), request.params.id, { step: 'acknowledge', note: request.body.note }),
  );

  routes.post(
    '/alarms/:id/assign',
    {
      schema: {
        operationId: 'PostAlarmAssign',
        tags: ['alarms'],
        summary: 'Assign the alarm to a user who may handle it (implies acknowledge); 400 on assigneeId otherwise: errors.alarmAssigneeNotAllowed (may not see it) or errors.alarmAssigneeMayNotHandle (may not handle its kind)',
        params: ZAlarmParams,
        body: ZAlarmAssign,
        response: STEP_RESPONSES,
      },
    },
    async (request) => handleAlarm(db, currentUser(request), request.params.id, { step: 'assign', assigneeId: request.body.assigneeId, note: request.body.note }),
  );

  routes.post(
    '/alarms/:id/comment',
    {
      schema: { operationId: 'PostAlarmComment', tags: ['alarms'], summary: "A note in the alarm's timeline", params: ZAlarmParams, body: ZAlarmComment, response: STEP_RESPONSES },
    },
    async (request) => handleAlarm(db, currentUser(request), request.params.id, { step: 'comment', note: request.body.note }),
  );

  routes.post(
    '/alarms/:id/resolve',
    {
      schema: {
        operationId: 'PostAlarmResolve',
        tags: ['alarms'],
        summary:
          'Resolve with the corrective action (note, required); an alarm whose condition holds stays active, shown as resolved. A legionella alarm at a report threshold (NL, DE) needs authorityToldAt (400 validation.authorityToldRequired)',
        params: ZAlarmParams,
        body: ZAlarmResolve,
        response: STEP_RESPONSES,
      },
    },
    async (request) => handleAlarm(db, currentUser(request), request.params.id, { step: 'resolve', note: request.body.note, authorityToldAt: request.body.authorityToldAt }),
  );
}
