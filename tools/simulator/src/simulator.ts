import { decodeDownlink } from '@aquasmart/domain';
import type { TClock } from './clock';
import { advance, applySettings, createNode, swapBattery, type TNodeState } from './model/node';
import type { TBehaviour, TNodeSpec, TTimedUplink } from './model/types';
import type { TDeliveryResult, TEventName, TQueuedDownlink, TTransport } from './transport/types';
import { chirpstackTxAckEvent, chirpstackUpEvent, type TChirpstackApplication } from './wire/chirpstack';
import { ttsDownlinkSent, ttsUplinkMessage, type TTtsApplication } from './wire/tts';

/**
 * The fleet at work: every tick, each node sends what it has to send up to the simulated now,
 * through the transport, a few at a time. Downlinks from the network-server endpoint reach the
 * node after a short delay; it applies them and answers with a parameter report.
 */

export interface TSimulatorOptions {
  fleet: TNodeSpec[];
  behaviour: TBehaviour;
  seed: number;
  clock: TClock;
  transport: TTransport;
  chirpstack: TChirpstackApplication;
  tts: TTtsApplication;
  /** Real time between a downlink being queued and the node's answer. */
  downlinkDelayMs: number;
  tickMs?: number;
  /** Deliveries in flight at once. */
  concurrency?: number;
  log: (line: string) => void;
}

export interface TSimulatorStats {
  uplinks: number;
  accepted: number;
  refused: number;
  failed: number;
  byKind: Record<string, number>;
  downlinks: number;
  undecodableDownlinks: number;
  parameterReports: number;
  /** Last refusal or failure, for the status line. */
  lastError?: string;
}

interface TDelivery {
  event: TEventName;
  eui: string;
  body: Record<string, unknown>;
  kind: string;
}

/** Waiting deliveries above which the fleet stops producing until the transport catches up. */
const MAX_BACKLOG = 5_000;

export class Simulator {
  readonly nodes = new Map<string, TNodeState>();
  readonly stats: TSimulatorStats = { uplinks: 0, accepted: 0, refused: 0, failed: 0, byKind: {}, downlinks: 0, undecodableDownlinks: 0, parameterReports: 0 };
  private readonly queue: TDelivery[] = [];
  private inFlight = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly pendingTimers = new Set<NodeJS.Timeout>();
  private idleWaiters: (() => void)[] = [];
  private readonly fCntDown = new Map<string, number>();
  private readonly busy = new Set<string>();

  constructor(private readonly options: TSimulatorOptions) {
    const startMs = options.clock.now();
    for (const spec of options.fleet) this.nodes.set(spec.eui.toUpperCase(), createNode(spec, options.behaviour, startMs, options.seed));
  }

  /** The EUI for a device id the portal may use (EUI in any case, or the TTS device id), or null. */
  resolveDevice(idOrEui: string): string | null {
    const eui = idOrEui.replace(/^eui-/i, '').toUpperCase();
    return this.nodes.has(eui) ? eui : null;
  }

  start(): void {
    this.tick();
    this.timer = setInterval(() => this.tick(), this.options.tickMs ?? 250);
  }

  /** Sends whatever is due up to the simulated now (also called by tests, without start()). */
  tick(): void {
    if (this.queue.length > MAX_BACKLOG) return;
    const now = this.options.clock.now();
    const due: TTimedUplink[] = [];
    for (const node of this.nodes.values()) due.push(...advance(node, now));
    due.sort((a, b) => a.atMs - b.atMs);
    for (const uplink of due) this.enqueueUplink(uplink);
  }

  /** Someone put a new battery in a node (the portal's battery swap): it reports a full voltage from now on. */
  swapBattery(idOrEui: string): boolean {
    const eui = this.resolveDevice(idOrEui);
    if (eui === null) return false;
    swapBattery(this.nodes.get(eui)!, this.options.clock.now());
    this.options.log(`battery swapped in ${eui}: a new battery from now on`);
    return true;
  }

  /** The portal queued a downlink: the node receives it at its next receive window (after the delay). */
  receiveDownlink(downlink: TQueuedDownlink): void {
    this.stats.downlinks += 1;
    this.options.log(`downlink for ${downlink.eui} via ${downlink.via}: fPort ${downlink.fPort}, ${downlink.bytes.length} bytes (id ${downlink.id})`);
    const timer = setTimeout(() => {
      this.pendingTimers.delete(timer);
      this.deliverDownlink(downlink);
    }, this.options.downlinkDelayMs);
    this.pendingTimers.add(timer);
  }

  private deliverDownlink(downlink: TQueuedDownlink): void {
    const node = this.nodes.get(downlink.eui);
    if (!node) return;
    const atMs = this.options.clock.now();
    const fCntDown = (this.fCntDown.get(downlink.eui) ?? 0) + 1;
    this.fCntDown.set(downlink.eui, fCntDown);
    // The gateway transmitted it: ChirpStack's txack, The Things Stack's downlink_sent.
    const target = { eui: downlink.eui, type: node.spec.type };
    const gateway = node.spec.radio.gateways[0] ?? '0000000000000000';
    const body =
      this.options.transport.format === 'chirpstack'
        ? chirpstackTxAckEvent(target, this.options.chirpstack, downlink.id, fCntDown, gateway, atMs, node.spec.name)
        : ttsDownlinkSent(target, this.options.tts, downlink, fCntDown, atMs);
    this.enqueue({ event: 'txack', eui: downlink.eui, kind: 'txack', body });
    const decoded = decodeDownlink(node.spec.type, downlink.fPort, downlink.bytes);
    if (!decoded.ok) {
      this.stats.undecodableDownlinks += 1;
      this.options.log(`downlink for ${downlink.eui} not understood by the node: ${decoded.error}`);
      return;
    }
    const report = applySettings(node, decoded.registers, atMs);
    this.stats.parameterReports += 1;
    this.options.log(`parameter report from ${downlink.eui}: registers ${decoded.registers.map((r) => r.register).join(', ')}`);
    this.enqueueUplink(report);
  }

  private enqueueUplink(uplink: TTimedUplink): void {
    const node = this.nodes.get(uplink.eui);
    const body =
      this.options.transport.format === 'chirpstack'
        ? chirpstackUpEvent(uplink, this.options.chirpstack, node?.spec.name)
        : ttsUplinkMessage(uplink, this.options.tts);
    this.stats.uplinks += 1;
    this.stats.byKind[uplink.message.kind] = (this.stats.byKind[uplink.message.kind] ?? 0) + 1;
    this.enqueue({ event: 'up', eui: uplink.eui, body, kind: uplink.message.kind });
  }

  private enqueue(delivery: TDelivery): void {
    this.queue.push(delivery);
    this.pump();
  }

  /** The next delivery of a device with nothing in flight: one device's events arrive in order, as from a real network server. */
  private nextDelivery(): TDelivery | undefined {
    const window = Math.min(this.queue.length, 500);
    for (let i = 0; i < window; i++) {
      if (!this.busy.has(this.queue[i].eui)) return this.queue.splice(i, 1)[0];
    }
    return undefined;
  }

  private pump(): void {
    const limit = this.options.concurrency ?? 8;
    while (this.inFlight < limit && this.queue.length > 0) {
      const delivery = this.nextDelivery();
      if (!delivery) return;
      this.inFlight += 1;
      this.busy.add(delivery.eui);
      void this.options.transport
        .deliver(delivery.event, delivery.eui, delivery.body)
        .then((result) => this.record(delivery, result))
        .finally(() => {
          this.inFlight -= 1;
          this.busy.delete(delivery.eui);
          this.pump();
          if (this.inFlight === 0 && this.queue.length === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
        });
    }
  }

  private record(delivery: TDelivery, result: TDeliveryResult): void {
    if (result.ok) {
      if (delivery.event === 'up') this.stats.accepted += 1;
      return;
    }
    if (result.status !== undefined && result.status < 500) this.stats.refused += 1;
    else this.stats.failed += 1;
    this.stats.lastError = `${delivery.event} ${delivery.kind} ${delivery.eui}: ${result.status ?? 'no answer'} ${result.error}`;
  }

  /** Resolves when nothing waits to be delivered. */
  idle(): Promise<void> {
    if (this.inFlight === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  get backlog(): number {
    return this.queue.length + this.inFlight;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    for (const timer of this.pendingTimers) clearTimeout(timer);
    this.pendingTimers.clear();
    await this.idle();
  }
}
