import os from 'node:os';
import { eq } from 'drizzle-orm';
import { connect, type MqttClient } from 'mqtt';
import type { TDb } from '../../db/database';
import { networkServers, type TNetworkServerConfig } from '../../db/schema';
import type { IntakeWriter } from './intake-writer';
import { readMqttEvent } from './mqtt-event';

export interface TMqttLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

interface TConnection {
  url: string;
  applicationId: string | undefined;
  client: MqttClient;
}

const REFRESH_MS = 30_000;

/** `application/+/device/+/event/+`, narrowed to the configured application when there is one. */
export function eventTopic(applicationId: string | undefined): string {
  return `application/${applicationId || '+'}/device/+/event/+`;
}

/**
 * The shared subscription of earlier versions (issue 26): the broker handed each event to one copy.
 * Mosquitto keeps assigning events to a dead copy's saved session and neither redistributes them nor
 * what was in flight to it when its session ends (docs/operations.md, "Running several copies"), so
 * every copy now subscribes to the events itself and a session still holding this one drops it.
 */
export const SHARE_GROUP = 'aquasmart';
export function sharedEventTopic(applicationId: string | undefined): string {
  return `$share/${SHARE_GROUP}/${eventTopic(applicationId)}`;
}

const ACKNOWLEDGED_LATER = new Error('acknowledged once stored');

/**
 * mqtt.js's own packet writer (not public; `handleMessage` allows only one message at a time). The
 * tests of this module fail if it goes: no event would be acknowledged.
 */
function sendPacket(client: MqttClient, packet: { cmd: 'puback'; messageId: number | undefined }): void {
  (client as unknown as { _sendPacket(packet: object): void })._sendPacket(packet);
}

/** After a failed store, the connection is renewed after this pause so the broker sends the unacknowledged events again. */
const REDELIVER_AFTER_MS = 1_000;

export function commandTopic(applicationId: string, devEui: string): string {
  return `application/${applicationId}/device/${devEui.toLowerCase()}/command/down`;
}

/**
 * The ChirpStack MQTT integration: one connection per ChirpStack network server whose config
 * names an MQTT broker. Events are subscribed with QoS 1 in a persistent session by every server copy
 * (each stores what it gets; the dedupe key keeps one row per event, so a dead copy costs nothing)
 * and acknowledged to the broker only once stored in intake_events or spooled, so a crash or a
 * database outage loses nothing; downlinks are published to `.../command/down`.
 */
export class ChirpstackMqtt {
  private connections = new Map<number, TConnection>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: TDb,
    private readonly writer: IntakeWriter,
    private readonly log: TMqttLog,
    private readonly clientIdPrefix = `aquasmart-${os.hostname()}`,
  ) {}

  async start(): Promise<void> {
    this.timer = setInterval(() => void this.refresh().catch((error: unknown) => this.log.warn({ err: error }, 'mqtt refresh failed')), REFRESH_MS);
    this.timer.unref();
    await this.refresh();
  }

  /** Connects new or changed brokers and drops removed ones. */
  async refresh(): Promise<void> {
    const rows = await this.db.select().from(networkServers).where(eq(networkServers.kind, 'chirpstack'));
    const wanted = new Map(rows.filter((row) => row.config.mqttUrl).map((row) => [row.id, row.config]));
    for (const [id, connection] of this.connections) {
      const config = wanted.get(id);
      if (!config || config.mqttUrl !== connection.url || config.applicationId !== connection.applicationId) {
        this.connections.delete(id);
        await connection.client.endAsync();
      }
    }
    for (const [id, config] of wanted) if (!this.connections.has(id)) this.open(id, config);
  }

  /** Publishes one downlink; fails at once when the broker is not connected (the sender retries). */
  async publishDown(networkServerId: number, applicationId: string, devEui: string, fPort: number, bytes: Uint8Array): Promise<void> {
    const connection = this.connections.get(networkServerId);
    if (!connection?.client.connected) throw new Error('MQTT broker not connected');
    const payload = JSON.stringify({ devEui: devEui.toLowerCase(), confirmed: false, fPort, data: Buffer.from(bytes).toString('base64') });
    await connection.client.publishAsync(commandTopic(applicationId, devEui), payload, { qos: 1 });
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    const open = [...this.connections.values()];
    this.connections.clear();
    await Promise.all(open.map((connection) => connection.client.endAsync()));
  }

  private open(id: number, config: TNetworkServerConfig): void {
    const client = connect(config.mqttUrl!, {
      clientId: `${this.clientIdPrefix}-ns${id}`,
      clean: false,
      reconnectPeriod: 2000,
      connectTimeout: 5000,
    });
    const topic = eventTopic(config.applicationId);
    client.on('connect', () => {
      // A resumed session keeps its subscription; subscribing again is harmless. A session from the
      // shared-subscription version still holds that one, which would hand this copy a share a second time.
      void client
        .unsubscribeAsync(sharedEventTopic(config.applicationId))
        .catch(() => undefined)
        .then(() => client.subscribeAsync(topic, { qos: 1 }))
        .catch((error: unknown) => this.log.warn({ err: error, topic }, 'mqtt subscribe failed'));
      this.log.info({ networkServerId: id, topic }, 'mqtt connected');
    });
    client.on('error', (error) => this.log.warn({ err: error, networkServerId: id }, 'mqtt error'));
    client.handleMessage = (packet, done) => {
      const stream = client.stream;
      // mqtt.js hands messages over one at a time and sends the PUBACK when `done` is called without an
      // error. Passing an error takes the next message at once without acknowledging this one: the
      // stores run side by side and the writer groups them into one INSERT (one at a time, a loaded
      // copy fell seconds behind at 40/s). The broker holds at most its in-flight window (20) unacknowledged.
      done(ACKNOWLEDGED_LATER);
      this.store(id, packet.topic, packet.payload).then(
        () => {
          // Only on the connection it came in on: the broker sends it again after a reconnect, and a
          // PUBACK mqtt.js keeps for the next connection could carry a packet id given to another event.
          if (packet.qos === 1 && client.connected && client.stream === stream) sendPacket(client, { cmd: 'puback', messageId: packet.messageId });
        },
        (error: unknown) => {
          this.log.warn({ err: error, networkServerId: id, topic: packet.topic }, 'mqtt event not stored; not acknowledged, the broker sends it again');
          this.redeliverLater(client, stream);
        },
      );
    };
    this.connections.set(id, { url: config.mqttUrl!, applicationId: config.applicationId, client });
  }

  /**
   * The broker sends an unacknowledged QoS 1 event again only when the session is resumed, and holds
   * back new ones once its in-flight window is full of them: the connection is renewed (the session
   * stays), after a pause so an outage is not hammered.
   */
  private redeliverLater(client: MqttClient, stream: MqttClient['stream']): void {
    setTimeout(() => {
      if (client.stream === stream && !client.disconnecting) stream.destroy();
    }, REDELIVER_AFTER_MS).unref();
  }

  private async store(networkServerId: number, topic: string, payload: Buffer | string): Promise<void> {
    const result = readMqttEvent(topic, payload);
    if (result.action === 'refuse') {
      // Acknowledged without storing: a redelivery would not fix it, and stored it could fail the others of its group.
      this.log.warn({ networkServerId, topic, reason: result.reason }, 'intake error: mqtt event refused, not stored');
      return;
    }
    if (result.action === 'store') await this.writer.submit(networkServerId, result.event);
  }
}
