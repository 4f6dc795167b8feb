import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from './db/database';
import { downlinkSender } from './modules/downlinks/downlink-sender';
import { ChirpstackMqtt } from './modules/intake/chirpstack-mqtt';
import { intakeWorker } from './modules/telemetry/intake-worker';
import type { BackgroundLoop } from './lib/background-loop';
import { IntakeWriter } from './modules/intake/intake-writer';
import { IntakeSpool } from './modules/intake/intake-spool';
import { NetworkServerCache } from './modules/intake/network-server-cache';

/**
 * The moving parts of telemetry: the group-commit writer behind the intake routes, the worker
 * that processes stored events, the ChirpStack MQTT connections and the downlink sender.
 * The writer always runs (the routes need it); the background parts run in the server process
 * (`start`), while tests drive them by hand. `stop` finishes the work in hand.
 */
export function createTelemetryPipeline(db: TDb, log: FastifyBaseLogger, options: { intakeSpoolDir?: string; copyName?: string; stalled?: () => boolean } = {}) {
  let worker: BackgroundLoop | null = null;
  const writer = new IntakeWriter(db, {
    onStored: () => worker?.wake(),
    stalled: options.stalled,
    spool: options.intakeSpoolDir ? new IntakeSpool(options.intakeSpoolDir, log) : undefined,
    onReplayError: (error, row) =>
      row
        ? log.error({ err: error, dedupeKey: row.key, body: row.body }, 'intake spool: the database refused a spooled event; left out')
        : log.warn({ err: error }, 'intake spool: replay failed; tried again in a second'),
  });
  const mqtt = new ChirpstackMqtt(db, writer, log, options.copyName ? `aquasmart-${options.copyName}` : undefined);
  const sender = downlinkSender(db, { mqtt }, log);
  worker = intakeWorker(db, log);
  let started = false;
  return {
    writer,
    networkServers: new NetworkServerCache(db, Date.now, options.stalled),
    sender,
    async start(): Promise<void> {
      started = true;
      worker.start();
      sender.start();
      await mqtt.start().catch((error: unknown) => log.warn({ err: error }, 'mqtt start failed; retried on the next refresh'));
    },
    async stop(): Promise<void> {
      await writer.close();
      if (!started) return;
      await mqtt.stop();
      await writer.close();
      await sender.stop();
      await worker.stop();
    },
  };
}

export type TTelemetryPipeline = ReturnType<typeof createTelemetryPipeline>;
