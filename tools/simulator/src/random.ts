import { DemoRandom } from '@aquasmart/server/demo';

/**
 * Seeded pseudo-random numbers: the demo's generator (mulberry32) with what the simulator needs
 * on top. The same seed gives the same fleet and the same readings, so a run can be repeated and
 * tests can pin exact values.
 */
export class SeededRandom extends DemoRandom {
  /** Roughly normal noise with the given standard deviation (sum of uniforms, no long tails). */
  noise(deviation: number): number {
    return (this.next() + this.next() + this.next() - 1.5) * 2 * deviation;
  }

  /** A new generator whose sequence depends on this one's next number and a label (one per node). */
  fork(label: string): SeededRandom {
    let hash = Math.floor(this.next() * 4294967296) ^ 0x9e3779b9;
    for (let i = 0; i < label.length; i++) hash = Math.imul(hash ^ label.charCodeAt(i), 0x01000193);
    return new SeededRandom(hash >>> 0);
  }
}

export { DAY_MS, HOUR_MS, MINUTE_MS, round } from '@aquasmart/server/demo';
