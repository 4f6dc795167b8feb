/** Where the simulator's network server delivers its integration events. */
export type TEventName = 'up' | 'txack' | 'ack';

export type TDeliveryResult = { ok: true; status: number } | { ok: false; status?: number; error: string };

export interface TTransport {
  /** chirpstack: ChirpStack v4 JSON events; tts: The Things Stack webhook messages. */
  readonly format: 'chirpstack' | 'tts';
  readonly description: string;
  deliver(event: TEventName, eui: string, body: Record<string, unknown>): Promise<TDeliveryResult>;
  close(): Promise<void>;
}

/** A downlink the network server accepted for a device. */
export interface TQueuedDownlink {
  eui: string;
  fPort: number;
  bytes: Uint8Array;
  confirmed: boolean;
  /** The id the network server answered with (ChirpStack queue item id). */
  id: string;
  via: 'chirpstack-rest' | 'chirpstack-mqtt' | 'tts';
}
