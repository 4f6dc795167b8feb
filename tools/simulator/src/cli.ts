import readline from 'node:readline';
import { simulatedClock } from './clock';
import { syntheticFleet } from './model/fleet';
import { DEFAULT_BEHAVIOUR, type TNodeSpec } from './model/types';
import { startRestServer, type TRestServer } from './network-server/rest';
import { HELP, parseOptions, UsageError, type TCliOptions } from './options';
import { Simulator } from './simulator';
import { readDatabaseFleet } from './sources/database';
import { DEMO_NETWORK_SERVER, demoNodeSpecs } from './sources/demo';
import { createHttpTransport, waitForHttp } from './transport/http';
import { createMqttTransport } from './transport/mqtt';
import type { TQueuedDownlink, TTransport } from './transport/types';
import { DEFAULT_CHIRPSTACK_APPLICATION } from './wire/chirpstack';
import { DEFAULT_TTS_APPLICATION } from './wire/tts';

/** `npm run simulate`: builds the fleet, the transport and the network-server endpoint, and runs. */

const DEFAULT_LISTEN = 8090;
const DEFAULT_API_TOKEN = 'simulator';

interface TSetup {
  nodes: TNodeSpec[];
  secret?: string;
  listen: number | 'off';
  apiToken: string;
  applicationId?: string;
}

function portOf(url: string | undefined): number | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.port ? Number(parsed.port) : parsed.protocol === 'https:' ? 443 : 80;
  } catch {
    return undefined;
  }
}

async function setup(options: TCliOptions): Promise<TSetup> {
  const listen = (fallback: number | undefined) => options.listen ?? fallback ?? DEFAULT_LISTEN;
  if (options.fleet === 'demo') {
    return {
      nodes: demoNodeSpecs(),
      secret: options.secret ?? DEMO_NETWORK_SERVER.secret,
      listen: listen(portOf(DEMO_NETWORK_SERVER.apiUrl)),
      apiToken: options.apiToken ?? DEMO_NETWORK_SERVER.apiToken,
      applicationId: options.applicationId,
    };
  }
  if (options.fleet === 'db') {
    const { networkServer, nodes } = await readDatabaseFleet(options.databaseUrl!, options.networkServer);
    console.log(`fleet: ${nodes.length} devices of network server "${networkServer.name}" (${networkServer.kind})`);
    const config = networkServer.config;
    return {
      nodes,
      secret: options.secret ?? networkServer.secret,
      listen: listen(portOf(networkServer.kind === 'tts' ? config.baseUrl : config.apiUrl)),
      apiToken: options.apiToken ?? (networkServer.kind === 'tts' ? config.apiKey : config.apiToken) ?? DEFAULT_API_TOKEN,
      applicationId: options.applicationId ?? config.applicationId,
    };
  }
  return {
    nodes: syntheticFleet({ nodes: options.nodes, seed: options.seed, types: options.types }),
    secret: options.secret,
    listen: listen(undefined),
    apiToken: options.apiToken ?? DEFAULT_API_TOKEN,
    applicationId: options.applicationId,
  };
}

function statusLine(simulator: Simulator, clockNow: number): string {
  const s = simulator.stats;
  const kinds = Object.entries(s.byKind)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ');
  return (
    `[${new Date(clockNow).toISOString().slice(0, 19)}Z simulated] uplinks ${s.uplinks} (${kinds || 'none yet'}), accepted ${s.accepted}, refused ${s.refused}, failed ${s.failed}, ` +
    `waiting ${simulator.backlog}, downlinks ${s.downlinks}, parameter reports ${s.parameterReports}` +
    (s.lastError ? `\n  last problem: ${s.lastError}` : '')
  );
}

/** `--control-stdin`: one JSON object a line, {"batterySwap": "<eui>"} (sent by scripts/start.mjs in demo mode). */
function readControlLines(simulator: Simulator): void {
  readline.createInterface({ input: process.stdin }).on('line', (line) => {
    try {
      const control = JSON.parse(line) as { batterySwap?: unknown };
      if (typeof control.batterySwap === 'string' && !simulator.swapBattery(control.batterySwap)) console.log(`battery swap: no node ${control.batterySwap} in this fleet`);
    } catch {
      console.error(`control line not understood: ${line.slice(0, 80)}`);
    }
  });
}

async function main(): Promise<number> {
  let options: TCliOptions;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\nRun with --help for the options.`);
      return 2;
    }
    throw error;
  }
  if (options.help) {
    console.log(HELP);
    return 0;
  }
  const config = await setup(options);
  if (!config.secret && options.transport !== 'mqtt') {
    console.error('--secret is needed: the integration secret of the network server in the portal (administrator screen "Network servers").');
    return 2;
  }
  const chirpstack = { ...DEFAULT_CHIRPSTACK_APPLICATION, applicationId: config.applicationId ?? DEFAULT_CHIRPSTACK_APPLICATION.applicationId };
  const tts = { ...DEFAULT_TTS_APPLICATION, applicationId: config.applicationId ?? DEFAULT_TTS_APPLICATION.applicationId };
  let simulator: Simulator | null = null;
  const onDownlink = (downlink: TQueuedDownlink) => simulator?.receiveDownlink(downlink);
  const log = (line: string) => {
    if (!options.quiet) console.log(line);
  };

  let transport: TTransport;
  if (options.transport === 'mqtt') {
    transport = await createMqttTransport({ url: options.mqttUrl, applicationId: chirpstack.applicationId, onDownlink, onError: log });
  } else {
    if (options.waitMs > 0) await waitForHttp(options.target, options.waitMs);
    transport = createHttpTransport({ format: options.transport, target: options.target, secret: config.secret!, connections: options.concurrency });
  }

  const clock = simulatedClock({ startMs: options.startMs, speed: options.speed, allowFuture: options.future });
  simulator = new Simulator({
    fleet: config.nodes,
    behaviour: {
      ...DEFAULT_BEHAVIOUR,
      intervalMs: options.intervalMs,
      faultsPerDay: options.faultRate,
      flushFailureRate: options.flushFailureRate,
      overflowsPerDay: options.overflowRate,
    },
    seed: options.seed,
    clock,
    transport,
    chirpstack,
    tts,
    downlinkDelayMs: options.downlinkDelayMs,
    concurrency: options.concurrency,
    log,
  });
  const running = simulator;

  let rest: TRestServer | null = null;
  if (config.listen !== 'off') {
    try {
      rest = await startRestServer({ port: config.listen, token: config.apiToken, resolveDevice: (id) => running.resolveDevice(id), onDownlink, log });
    } catch (error) {
      console.error(`network-server endpoint not started on port ${config.listen}: ${error instanceof Error ? error.message : String(error)}; downlinks will not be answered`);
    }
  }
  const silent = config.nodes.filter((node) => node.silent).length;
  console.log(
    `simulating ${config.nodes.length} nodes${silent ? ` (${silent} silent)` : ''}: ${transport.description}` +
      (rest ? `; downlinks at ${rest.url} (ChirpStack POST /api/devices/{devEui}/queue, TTS .../down/push)` : '') +
      (options.speed !== 1 ? `; time x${options.speed} from ${new Date(options.startMs).toISOString()}` : ''),
  );

  if (options.speed > 1 && !options.future && options.startMs >= Date.now() - 1000) {
    console.log('note: --speed only speeds up a clock that starts in the past (--start=-1d) or may run ahead (--future); this one runs in real time');
  }
  running.start();
  if (options.controlStdin) readControlLines(running);
  const status = options.statusEveryMs > 0 ? setInterval(() => console.log(statusLine(running, clock.now())), options.statusEveryMs) : null;
  let warned = false;
  const watchSecret = setInterval(() => {
    if (!warned && running.stats.lastError?.includes(' 401 ')) {
      warned = true;
      console.error('the portal refuses the secret (401): check --secret against the network server in the portal');
    }
  }, 1000);

  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
    if (options.durationMs !== undefined) setTimeout(resolve, options.durationMs);
  });
  if (status) clearInterval(status);
  clearInterval(watchSecret);
  await running.stop();
  await rest?.close();
  await transport.close();
  console.log(statusLine(running, clock.now()));
  return running.stats.uplinks > 0 && running.stats.accepted === 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('simulator failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
