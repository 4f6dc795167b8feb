import { parseArgs } from 'node:util';
import { DEVICE_TYPES, type TDeviceType } from '@aquasmart/domain';

/** Command line of `npm run simulate`: parsing and checking, no side effects. */

export const HELP = `Aquasmart fleet simulator: virtual V1/V2/V3 nodes and their LoRaWAN network server.

Usage: npm run simulate -- [options]

Fleet
  --fleet <synthetic|demo|db>   synthetic: --nodes made-up nodes (default); demo: the 60 demo nodes of
                                \`npm start\`; db: the devices of one network server in a PostgreSQL database
  --nodes <n>                   number of synthetic nodes (default 20)
  --types <V1,V2,V3>            device types of the synthetic fleet, in turn (default V1,V2,V3)
  --seed <n>                    same seed, same fleet and readings (default 1)
  --database-url <url>          --fleet db: postgres://... (default $DATABASE_URL)
  --network-server <name>       --fleet db: which network server's devices (needed when there are several)

Time
  --interval <duration>         temperature report interval, e.g. 15m, 30s (default: each node's logInterval
                                register, 15 min without one); battery reports follow the sendinterval register
  --speed <factor>              simulated time runs this much faster (default 1)
  --start=<when>                simulated start: now (default), an ISO time or an offset (--start=-2d); with --speed the
                                clock catches up with the wall clock and then runs in real time
  --future                      let a sped-up clock run past the wall clock (readings dated in the future)
  --duration <duration>         stop after this much real time (default: until Ctrl-C)

Portal (where uplinks go)
  --target <url>                the portal (default http://127.0.0.1:3000)
  --secret <text>               the network server's integration secret (bearer token, not for mqtt); --fleet demo and db
                                know it
  --transport <chirpstack|tts|mqtt>
                                chirpstack: ChirpStack v4 HTTP integration (default); tts: The Things Stack v3
                                webhooks; mqtt: ChirpStack MQTT integration through --mqtt-url
  --mqtt-url <url>              broker of the MQTT integration (default mqtt://127.0.0.1:1883)
  --application-id <id>         ChirpStack application id (MQTT topics) or TTS application id
  --concurrency <n>             deliveries in flight at once (default 8)
  --wait <duration>             wait this long for the portal to answer before starting (default 0)

Network server (where the portal's downlinks come)
  --listen <port|off>           port of the ChirpStack REST / TTS downlink API (default 8090; --fleet demo and
                                db: the port of the network server's apiUrl)
  --api-token <token>           bearer token the portal must present (default "simulator"; demo and db: the
                                network server's apiToken or apiKey)
  --downlink-delay <duration>   time until the node answers a downlink with its parameter report (default 2s)

Behaviour (per node and day)
  --fault-rate <n>              sensor fault episodes per channel (default 0.022)
  --flush-failure-rate <0-1>    share of flushes that do not move the temperature (default 0.02)
  --overflow-rate <n>           water detections, nodes with overflow detection on (default 0.05)
  --status-every <duration>     status line interval (default 10s; 0 = none)
  --control-stdin               read control lines from stdin: {"batterySwap":"<eui>"} gives that node a fresh
                                battery (npm start sends them when a battery is swapped in the portal)
  --quiet                       no per-downlink lines
  --help                        this text
`;

export type TFleetSource = 'synthetic' | 'demo' | 'db';
export type TTransportName = 'chirpstack' | 'tts' | 'mqtt';

export interface TCliOptions {
  fleet: TFleetSource;
  nodes: number;
  types: TDeviceType[];
  seed: number;
  databaseUrl?: string;
  networkServer?: string;
  intervalMs?: number;
  speed: number;
  startMs: number;
  future: boolean;
  durationMs?: number;
  target: string;
  secret?: string;
  transport: TTransportName;
  mqttUrl: string;
  applicationId?: string;
  concurrency: number;
  waitMs: number;
  listen: number | 'off' | undefined;
  apiToken?: string;
  downlinkDelayMs: number;
  faultRate: number;
  flushFailureRate: number;
  overflowRate: number;
  statusEveryMs: number;
  controlStdin: boolean;
  quiet: boolean;
  help: boolean;
}

export class UsageError extends Error {}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** '500ms', '30s', '15m', '2h', '1d' or plain seconds -> ms. */
export function parseDuration(text: string, option: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(text);
  if (!match) throw new UsageError(`${option}: "${text}" is not a duration such as 30s, 15m, 2h or 1d`);
  return Math.round(Number(match[1]) * UNITS[match[2] ?? 's']);
}

function parseNumber(text: string, option: string, { min, max, integer = false }: { min: number; max: number; integer?: boolean }): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
    throw new UsageError(`${option}: "${text}" must be ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}`);
  }
  return value;
}

/** 'now', an ISO time, or a negative offset such as -2d. */
export function parseStart(text: string, nowMs: number): number {
  if (text === 'now') return nowMs;
  if (text.startsWith('-')) return nowMs - parseDuration(text.slice(1), '--start');
  const ms = Date.parse(text);
  if (!Number.isFinite(ms)) throw new UsageError(`--start: "${text}" is not now, an ISO time or an offset such as -2d`);
  return ms;
}

function oneOf<T extends string>(text: string, values: readonly T[], option: string): T {
  if (!(values as readonly string[]).includes(text)) throw new UsageError(`${option}: "${text}" must be one of ${values.join(', ')}`);
  return text as T;
}

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv = process.env, nowMs = Date.now()): TCliOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        fleet: { type: 'string', default: 'synthetic' },
        nodes: { type: 'string', default: '20' },
        types: { type: 'string', default: DEVICE_TYPES.join(',') },
        seed: { type: 'string', default: '1' },
        'database-url': { type: 'string' },
        'network-server': { type: 'string' },
        interval: { type: 'string' },
        speed: { type: 'string', default: '1' },
        start: { type: 'string', default: 'now' },
        future: { type: 'boolean', default: false },
        duration: { type: 'string' },
        target: { type: 'string', default: 'http://127.0.0.1:3000' },
        secret: { type: 'string' },
        transport: { type: 'string', default: 'chirpstack' },
        'mqtt-url': { type: 'string', default: 'mqtt://127.0.0.1:1883' },
        'application-id': { type: 'string' },
        concurrency: { type: 'string', default: '8' },
        wait: { type: 'string', default: '0' },
        listen: { type: 'string' },
        'api-token': { type: 'string' },
        'downlink-delay': { type: 'string', default: '2s' },
        'fault-rate': { type: 'string', default: String(1 / 45) },
        'flush-failure-rate': { type: 'string', default: '0.02' },
        'overflow-rate': { type: 'string', default: '0.05' },
        'status-every': { type: 'string', default: '10s' },
        'control-stdin': { type: 'boolean', default: false },
        quiet: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const types = parsed.types.split(',').map((type) => oneOf(type.trim().toUpperCase(), DEVICE_TYPES, '--types'));
  const listen = parsed.listen === undefined ? undefined : parsed.listen === 'off' ? 'off' : parseNumber(parsed.listen, '--listen', { min: 0, max: 65535, integer: true });
  const options: TCliOptions = {
    fleet: oneOf(parsed.fleet, ['synthetic', 'demo', 'db'] as const, '--fleet'),
    nodes: parseNumber(parsed.nodes, '--nodes', { min: 1, max: 100_000, integer: true }),
    types,
    seed: parseNumber(parsed.seed, '--seed', { min: 0, max: 2 ** 32 - 1, integer: true }),
    databaseUrl: parsed['database-url'] ?? env.DATABASE_URL ?? undefined,
    networkServer: parsed['network-server'],
    intervalMs: parsed.interval === undefined ? undefined : parseDuration(parsed.interval, '--interval'),
    speed: parseNumber(parsed.speed, '--speed', { min: 0.001, max: 1_000_000 }),
    startMs: parseStart(parsed.start, nowMs),
    future: parsed.future,
    durationMs: parsed.duration === undefined ? undefined : parseDuration(parsed.duration, '--duration'),
    target: parsed.target,
    secret: parsed.secret,
    transport: oneOf(parsed.transport, ['chirpstack', 'tts', 'mqtt'] as const, '--transport'),
    mqttUrl: parsed['mqtt-url'],
    applicationId: parsed['application-id'],
    concurrency: parseNumber(parsed.concurrency, '--concurrency', { min: 1, max: 1024, integer: true }),
    waitMs: parseDuration(parsed.wait, '--wait'),
    listen,
    apiToken: parsed['api-token'],
    downlinkDelayMs: parseDuration(parsed['downlink-delay'], '--downlink-delay'),
    faultRate: parseNumber(parsed['fault-rate'], '--fault-rate', { min: 0, max: 100 }),
    flushFailureRate: parseNumber(parsed['flush-failure-rate'], '--flush-failure-rate', { min: 0, max: 1 }),
    overflowRate: parseNumber(parsed['overflow-rate'], '--overflow-rate', { min: 0, max: 100 }),
    statusEveryMs: parseDuration(parsed['status-every'], '--status-every'),
    controlStdin: parsed['control-stdin'],
    quiet: parsed.quiet,
    help: parsed.help,
  };
  if (options.intervalMs !== undefined && options.intervalMs < 1000) throw new UsageError('--interval: at least 1s');
  try {
    new URL(options.target);
  } catch {
    throw new UsageError(`--target: "${options.target}" is not a URL`);
  }
  if (options.fleet === 'db' && !options.databaseUrl) throw new UsageError('--fleet db needs --database-url or DATABASE_URL (postgres://...)');
  return options;
}
