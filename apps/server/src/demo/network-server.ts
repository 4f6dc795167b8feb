/**
 * The demo's network server. In demo mode `npm start` runs the fleet simulator as this
 * ChirpStack: it posts the demo nodes' uplinks to the portal with this integration secret and
 * takes the portal's downlinks at apiUrl with apiToken (docs/simulator.md). The values are
 * public, like the demo itself: anyone who can reach a demo portal can post uplinks for its
 * demo nodes. An administrator who regenerates the secret stops the simulator (it reports 401).
 */
export const DEMO_NETWORK_SERVER = {
  name: 'ChirpStack demo',
  secret: 'demo-simulator-chirpstack-integration-secret',
  apiUrl: 'http://127.0.0.1:8090',
  apiToken: 'demo-simulator-api-token',
} as const;
