import { beforeEach, describe, expect, it } from 'vitest';
import { intakeEvents, networkServers } from '../../db/schema';
import { useTestContext } from '../../test/test-app';
import { caller, insertDevice } from '../../test/places-fixtures';

const PASSWORD = 'Network-servers-2026';
let tokens: Record<'admin' | 'editor' | 'nobody', string>;

const chirpstack = { name: 'ChirpStack Utrecht', kind: 'chirpstack', config: { apiUrl: 'https://cs.example.com', apiToken: 'token-1' } };
const tts = {
  name: 'TTS',
  kind: 'tts',
  config: { baseUrl: 'https://eu1.cloud.thethings.network', applicationId: 'aquasmart', webhookId: 'portal', apiKey: 'NNSXS.KEY' },
};

const ctx = useTestContext();
const call = caller(ctx);
beforeEach(async () => {
  await ctx.createUser({ email: 'admin@example.com', password: PASSWORD, administrator: true });
  await ctx.createUser({ email: 'editor@example.com', password: PASSWORD, rights: { editNode: true } });
  await ctx.createUser({ email: 'nobody@example.com', password: PASSWORD, rights: { dashboard: true } });
  tokens = {
    admin: await ctx.tokenFor('admin@example.com'),
    editor: await ctx.tokenFor('editor@example.com'),
    nobody: await ctx.tokenFor('nobody@example.com'),
  };
});

const rows = () => ctx.database.db.select().from(networkServers);

describe('POST /networkServers', () => {
  it.each([
    ['ChirpStack REST', chirpstack, { apiUrl: 'https://cs.example.com', apiToken: 'token-1' }],
    ['ChirpStack MQTT', { ...chirpstack, config: { mqttUrl: 'mqtt://127.0.0.1:1883', applicationId: 'app-1' } }, { mqttUrl: 'mqtt://127.0.0.1:1883', applicationId: 'app-1' }],
    [
      'ChirpStack both, trimmed, keys of the other kind dropped',
      { ...chirpstack, config: { apiUrl: ' https://cs.example.com ', apiToken: 't', mqttUrl: 'mqtts://b:8883', applicationId: 'a', webhookId: 'x' } },
      { apiUrl: 'https://cs.example.com', apiToken: 't', mqttUrl: 'mqtts://b:8883', applicationId: 'a' },
    ],
    ['The Things Stack', tts, tts.config],
  ])('%s: 201 with a generated 256-bit secret', async (_case, body, config) => {
    const response = await call(tokens.admin, 'POST', '/networkServers', body);
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({ name: body.name, kind: body.kind, config, nodes: 0 });
    expect(created.config).toEqual(config);
    // 32 random bytes in base64url: 43 characters.
    expect(created.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await rows()).toHaveLength(1);
  });

  it('two servers never get the same secret; a chosen secret is kept', async () => {
    const a = (await call(tokens.admin, 'POST', '/networkServers', chirpstack)).json();
    const b = (await call(tokens.admin, 'POST', '/networkServers', { ...tts, secret: 'x'.repeat(32) })).json();
    expect(a.secret).not.toBe(b.secret);
    expect(b.secret).toBe('x'.repeat(32));
  });

  it.each([
    ['no name', { ...chirpstack, name: ' ' }, 400, { name: 'validation.required' }],
    ['unknown kind', { ...chirpstack, kind: 'loriot' }, 400, { kind: 'validation.oneOf' }],
    ['ChirpStack without config', { ...chirpstack, config: {} }, 400, { 'config.apiUrl': 'validation.required', 'config.apiToken': 'validation.required' }],
    ['ChirpStack REST without token', { ...chirpstack, config: { apiUrl: 'https://cs.example.com' } }, 400, { 'config.apiToken': 'validation.required' }],
    ['ChirpStack MQTT without application', { ...chirpstack, config: { mqttUrl: 'mqtt://b' } }, 400, { 'config.applicationId': 'validation.required' }],
    ['ChirpStack API URL not http', { ...chirpstack, config: { apiUrl: 'ftp://cs', apiToken: 't' } }, 400, { 'config.apiUrl': 'validation.url' }],
    ['ChirpStack MQTT URL not mqtt', { ...chirpstack, config: { mqttUrl: 'http://b', applicationId: 'a' } }, 400, { 'config.mqttUrl': 'validation.mqttUrl' }],
    [
      'TTS missing webhook and key',
      { ...tts, config: { baseUrl: 'https://tts', applicationId: 'a' } },
      400,
      { 'config.webhookId': 'validation.required', 'config.apiKey': 'validation.required' },
    ],
    ['TTS ChirpStack keys do not count', { ...tts, config: { apiUrl: 'https://cs', apiToken: 't', applicationId: 'a', webhookId: 'w', apiKey: 'k' } }, 400, { 'config.baseUrl': 'validation.required' }],
    ['secret too short', { ...chirpstack, secret: 'short' }, 400, { secret: 'validation.secret?min=32' }],
    ['secret with a space', { ...chirpstack, secret: `${'x'.repeat(20)} ${'y'.repeat(20)}` }, 400, { secret: 'validation.secret?min=32' }],
  ])('%s -> refused, nothing stored', async (_case, body, status, fields) => {
    const response = await call(tokens.admin, 'POST', '/networkServers', body);
    expect(response.statusCode).toBe(status);
    expect(response.json().fields).toEqual(fields);
    expect(await rows()).toHaveLength(0);
  });

  it.each([
    ['name taken', { ...tts, name: chirpstack.name }, { name: 'errors.networkServerNameTaken' }],
    ['chosen secret taken', { ...tts, secret: 'k'.repeat(40) }, { secret: 'errors.conflict' }],
  ])('%s -> 409', async (_case, body, fields) => {
    await call(tokens.admin, 'POST', '/networkServers', { ...chirpstack, secret: 'k'.repeat(40) });
    const response = await call(tokens.admin, 'POST', '/networkServers', body);
    expect(response.statusCode).toBe(409);
    expect(response.json().fields).toEqual(fields);
    expect(await rows()).toHaveLength(1);
  });
});

describe('who sees what', () => {
  beforeEach(async () => {
    await call(tokens.admin, 'POST', '/networkServers', tts);
    await call(tokens.admin, 'POST', '/networkServers', chirpstack);
  });

  it('administrators: full records sorted by name', async () => {
    const list = (await call(tokens.admin, 'GET', '/networkServers')).json();
    expect(list.map((server: { name: string }) => server.name)).toEqual(['ChirpStack Utrecht', 'TTS']);
    expect(Object.keys(list[0]).sort()).toEqual(['config', 'kind', 'name', 'nodes', 'secret']);
  });

  it('a user who may edit nodes: names only, no secrets', async () => {
    const response = await call(tokens.editor, 'GET', '/networkServers');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ name: 'ChirpStack Utrecht' }, { name: 'TTS' }]);
    expect(response.body).not.toContain('secret');
  });

  it.each([
    ['nobody', 'GET', '/networkServers', undefined],
    ['editor', 'GET', '/networkServers/TTS', undefined],
    ['editor', 'POST', '/networkServers', { ...chirpstack, name: 'X' }],
    ['editor', 'PATCH', '/networkServers/TTS', { secret: 'regenerate' }],
    ['editor', 'DELETE', '/networkServers/TTS', undefined],
  ] as const)('%s %s %s -> 403', async (who, method, url, body) => {
    const response = await call(tokens[who], method, url, body);
    expect(response.statusCode).toBe(403);
  });
});

describe('PATCH /networkServers/{name}', () => {
  let secret: string;
  beforeEach(async () => {
    secret = (await call(tokens.admin, 'POST', '/networkServers', chirpstack)).json().secret;
  });
  const url = '/networkServers/ChirpStack%20Utrecht';

  it('secret "regenerate" draws a new secret; nothing else changes', async () => {
    const response = await call(tokens.admin, 'PATCH', url, { secret: 'regenerate' });
    expect(response.statusCode).toBe(200);
    const changed = response.json();
    expect(changed.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(changed.secret).not.toBe(secret);
    expect(changed.config).toEqual(chirpstack.config);
  });

  it('config keys merge; null clears one; a rename keeps the devices', async () => {
    await insertDevice(ctx.database.db, { eui: '00000000000000AA' });
    const [server] = await rows();
    await ctx.database.exec(`UPDATE devices SET network_server_id = ${server.id}`);
    const response = await call(tokens.admin, 'PATCH', url, { name: 'CS', config: { mqttUrl: 'mqtt://broker', applicationId: 'app' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'CS',
      secret,
      nodes: 1,
      config: { apiUrl: 'https://cs.example.com', apiToken: 'token-1', mqttUrl: 'mqtt://broker', applicationId: 'app' },
    });
    const cleared = await call(tokens.admin, 'PATCH', '/networkServers/CS', { config: { apiUrl: null, apiToken: '' } });
    expect(cleared.json().config).toEqual({ mqttUrl: 'mqtt://broker', applicationId: 'app' });
  });

  it.each([
    ['clearing the only way to send downlinks', { config: { apiToken: null } }, 400, { 'config.apiToken': 'validation.required' }],
    ['to TTS without its config', { kind: 'tts' }, 400, { 'config.baseUrl': 'validation.required', 'config.applicationId': 'validation.required', 'config.webhookId': 'validation.required', 'config.apiKey': 'validation.required' }],
    ['an empty name', { name: '' }, 400, { name: 'validation.required' }],
    ['a short secret', { secret: 'abc' }, 400, { secret: 'validation.secret?min=32' }],
  ])('%s -> refused, unchanged', async (_case, body, status, fields) => {
    const response = await call(tokens.admin, 'PATCH', url, body);
    expect(response.statusCode).toBe(status);
    expect(response.json().fields).toEqual(fields);
    const [row] = await rows();
    expect(row).toMatchObject({ name: chirpstack.name, kind: 'chirpstack', secret, config: chirpstack.config });
  });

  it('switching to TTS with its config drops the ChirpStack keys', async () => {
    const response = await call(tokens.admin, 'PATCH', url, { kind: 'tts', config: tts.config });
    expect(response.json()).toMatchObject({ kind: 'tts', config: tts.config });
    expect(response.json().config).toEqual(tts.config);
  });

  it('a rename onto another server -> 409; an unknown server -> 404', async () => {
    await call(tokens.admin, 'POST', '/networkServers', tts);
    expect((await call(tokens.admin, 'PATCH', url, { name: 'TTS' })).json()).toMatchObject({ statusCode: 409, fields: { name: 'errors.networkServerNameTaken' } });
    expect((await call(tokens.admin, 'PATCH', '/networkServers/Nope', { secret: 'regenerate' })).statusCode).toBe(404);
  });
});

describe('DELETE /networkServers/{name}', () => {
  it('refused with 409 while a device points at it, then deleted', async () => {
    await call(tokens.admin, 'POST', '/networkServers', chirpstack);
    await call(tokens.admin, 'POST', '/devices', { eui: '70b3d54990000001', type: 'V2', version: '1.0', networkServer: chirpstack.name });
    const url = '/networkServers/ChirpStack%20Utrecht';
    const refused = await call(tokens.admin, 'DELETE', url);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ key: 'errors.networkServerInUse', params: { nodes: 1 } });
    expect(await rows()).toHaveLength(1);
    await ctx.database.exec('UPDATE devices SET network_server_id = NULL');
    expect((await call(tokens.admin, 'DELETE', url)).statusCode).toBe(204);
    expect(await rows()).toHaveLength(0);
    expect((await call(tokens.admin, 'DELETE', url)).statusCode).toBe(404);
  });

  it('a server with recorded intake events is refused too (409 errors.inUse), not deleted in cascade', async () => {
    const created = (await call(tokens.admin, 'POST', '/networkServers', tts)).json();
    expect(created.nodes).toBe(0);
    const [server] = await rows();
    await ctx.database.db.insert(intakeEvents).values({ networkServerId: server.id, event: 'uplink', dedupeKey: 'k', body: {} });
    const refused = await call(tokens.admin, 'DELETE', '/networkServers/TTS');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().key).toBe('errors.inUse');
    expect(await rows()).toHaveLength(1);
  });
});
