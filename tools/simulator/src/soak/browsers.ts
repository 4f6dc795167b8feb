import { DASHBOARD_LIST_NAMES } from '@aquasmart/domain';
import { Pool } from 'undici';
import type { SeededRandom } from '../random';

/**
 * People using the portal while the fleet reports: each signs in once and then, with a pause
 * between clicks, opens what a planner or a customer opens: the dashboard, its lists, the node
 * list at any page or with a search, a node and its chart, the customers. Every answer's time
 * and status is kept for the minute's report.
 */

export interface TBrowser {
  email: string;
  password: string;
}

export interface TRequestLog {
  latencies: number[];
  requests: number;
  serverErrors: number;
  noAnswer: number;
  /** Answers other than 2xx and 5xx (a refused page is a finding too). */
  clientErrors: number;
  lastProblem?: string;
  /** Latencies per kind of page (path without the query, a node as {eui}, the sort kept). */
  byPage: Map<string, number[]>;
}

export function emptyLog(): TRequestLog {
  return { latencies: [], requests: 0, serverErrors: 0, noAnswer: 0, clientErrors: 0, byPage: new Map() };
}

const NODE_LIST_PROJECTION = 'eui name type version customer location gateway calibration lora channels sipp.parameters signal sync';

export interface TBrowseOptions {
  origin: string;
  browsers: TBrowser[];
  /** Pause between one person's clicks. */
  thinkMs: number;
  /** Nodes the administrator sees (for the deepest page asked). */
  nodes: number;
  rng: SeededRandom;
  log: () => TRequestLog;
}

/**
 * The pages one click opens, chosen at random (weights: the dashboard and the node list most).
 * A node's detail and chart are one the person saw in a list before, as in the portal.
 */
function nextClick(options: TBrowseOptions, seen: string[], refused: Set<string>): string[] {
  const { rng } = options;
  const pages = Math.max(1, Math.ceil(options.nodes / 25));
  const eui = seen.length ? seen[rng.int(0, seen.length - 1)] : null;
  // A list the person may not open (the calibration lists need calibrationData) is not offered again.
  const lists = DASHBOARD_LIST_NAMES.filter((name) => !refused.has(name));
  const list = lists[rng.int(0, lists.length - 1)];
  const nodeList = (page: number, extra = '') => `/devices?page=${page}&limit=25&sort=name&assigned=true&projection=${encodeURIComponent(NODE_LIST_PROJECTION)}${extra}`;
  const now = Date.now();
  const chart = `/devices/${eui ?? ''}/data?limit=10000&projection=value&conditions=${encodeURIComponent(
    JSON.stringify({ msgId: { $in: [42, 40, 50] }, 'value.timestamp': { $gte: Math.floor((now - 86_400_000) / 1000), $lte: Math.floor(now / 1000) } }),
  )}`;
  const clicks: string[][] = [
    ['/dashboard'],
    ['/dashboard', '/dashboard'],
    [`/dashboard/lists/${list}?page=1&limit=25`],
    [`/dashboard/lists/nodes?page=${rng.int(1, pages)}&limit=25`],
    [nodeList(1)],
    [nodeList(rng.int(1, pages))],
    [nodeList(rng.int(1, pages)).replace('sort=name', 'sort=-lastOnline')],
    [nodeList(1, `&search=${rng.int(1, 9999).toString().padStart(4, '0')}`)],
    eui ? [`/devices/${eui}`, chart] : [nodeList(1)],
    ['/customers?page=1&limit=25'],
  ];
  return clicks[rng.int(0, clicks.length - 1)];
}

async function signIn(pool: Pool, browser: TBrowser): Promise<string> {
  const response = await pool.request({
    method: 'POST',
    path: '/api/v1/auth',
    headers: { authorization: `Basic ${Buffer.from(`${browser.email}:${browser.password}`).toString('base64')}` },
  });
  const text = await response.body.text();
  if (response.statusCode !== 200) throw new Error(`sign-in of ${browser.email} answered ${response.statusCode}: ${text.slice(0, 200)}`);
  return (JSON.parse(text) as { token: string }).token;
}

/** Runs the people until `signal` aborts; resolves when the last click has its answer. */
export async function browse(options: TBrowseOptions, signal: AbortSignal): Promise<void> {
  const pool = new Pool(options.origin, { connections: options.browsers.length, headersTimeout: 30_000, bodyTimeout: 30_000 });
  const person = async (browser: TBrowser, index: number) => {
    const token = await signIn(pool, browser);
    let seen: string[] = [];
    const refused = new Set<string>();
    // Spread the first clicks so the people do not click in step.
    await sleep((options.thinkMs * index) / options.browsers.length, signal);
    while (!signal.aborted) {
      for (const path of nextClick(options, seen, refused)) {
        const log = options.log();
        const started = performance.now();
        log.requests += 1;
        try {
          const response = await pool.request({ method: 'GET', path: `/api/v1${path}`, headers: { 'x-access-token': token } });
          const text = await response.body.text();
          const current = options.log();
          const elapsed = performance.now() - started;
          current.latencies.push(elapsed);
          const page = pageKind(path);
          current.byPage.set(page, [...(current.byPage.get(page) ?? []), elapsed]);
          if (response.statusCode === 403 && path.startsWith('/dashboard/lists/')) refused.add(path.split(/[/?]/)[3]);
          if (response.statusCode === 200 && text.startsWith('[')) seen = listedNodes(text, seen);
          if (response.statusCode >= 500) {
            current.serverErrors += 1;
            current.lastProblem = `${response.statusCode} GET ${path.slice(0, 80)}: ${text.slice(0, 160)}`;
          } else if (response.statusCode >= 300) {
            current.clientErrors += 1;
            current.lastProblem = `${response.statusCode} GET ${path.slice(0, 80)}: ${text.slice(0, 160)}`;
          }
        } catch (error) {
          const current = options.log();
          current.noAnswer += 1;
          current.lastProblem = `no answer to GET ${path.slice(0, 80)}: ${error instanceof Error ? error.message : String(error)}`;
        }
      }
      await sleep(options.thinkMs, signal);
    }
  };
  try {
    await Promise.all(options.browsers.map(person));
  } finally {
    await pool.close();
  }
}

/** `/devices?page=7&sort=-lastOnline...` -> `/devices sort=-lastOnline`, `/devices/AC51.../data` -> `/devices/{eui}/data`. */
export function pageKind(path: string): string {
  const [route, query = ''] = path.split('?');
  const params = new URLSearchParams(query);
  const deep = Number(params.get('page') ?? 1) > 1 ? ' deep page' : '';
  const extra = [params.get('sort') ? `sort=${params.get('sort')}` : '', params.get('search') ? 'search' : ''].filter(Boolean).join(' ');
  return `${route.replace(/\/devices\/[0-9A-F]{16}/, '/devices/{eui}')}${extra ? ` ${extra}` : ''}${deep}`;
}

/** The nodes of a list answer (node list or dashboard list), or what was seen before when it has none. */
function listedNodes(text: string, before: string[]): string[] {
  const rows = JSON.parse(text) as { eui?: unknown }[];
  const euis = rows.map((row) => row.eui).filter((eui): eui is string => typeof eui === 'string');
  return euis.length ? euis : before;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
