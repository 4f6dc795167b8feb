import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { customers, gateways, locations, networkServers, products, type TEndpoint } from '../db/schema';
import { SIMULATOR_DOWNLINKS } from './demo-downlinks';
import { DEMO_NETWORK_SERVER } from './network-server';
import type { DemoRandom } from './random';
import type { TTx } from './types';

/** Who answers for the demo logbook's location (docs/logbook.md, "Sign-off"): Karin Klant signs it. */
const LOGBOOK_DEMO_RESPONSIBLE = {
  responsible: { name: 'Karin Klant', role: 'Beheerder legionellapreventie', organisation: 'Gemeente Utrecht', email: 'klant@example.com', phone: '+31 30 286 0000' },
  deputy: { name: 'Jan Visser', role: 'Facilitair coördinator', organisation: 'Gemeente Utrecht', email: 'j.visser@example.com', phone: '030 286 1111' },
};

/** Kind of building: decides the node names and how the water is used. */
export type TPlaceKind = 'sport' | 'care' | 'pool' | 'office';

interface TCustomerSeed {
  name: string;
  reference: string;
  address: string;
  postalCode: string;
  city: string;
  calibrationInterval: number;
  endpoint: TEndpoint;
  notes: string | null;
}

export interface TLocationSeed {
  customer: string;
  name: string;
  kind: TPlaceKind;
  reference: string;
  address: string;
  postalCode: string;
  city: string;
  calibrationInterval: number;
  /** How many nodes hang at this location. */
  nodes: number;
  /** Set when the whole location has been silent for this many hours (gateway or power down). */
  offlineHours?: number;
  gateway: { name: string; product: string; type: string };
}

const CUSTOMERS: TCustomerSeed[] = [
  {
    name: 'Gemeente Utrecht',
    reference: 'GU-2019-014',
    address: 'Stadsplateau 1',
    postalCode: '3521 AZ',
    city: 'Utrecht',
    calibrationInterval: 1,
    // LegionellaDossier with a token needs its four options (docs/places.md, "Endpoint").
    endpoint: { platform: 'LegionellaDossier', token: '', ldOptions: { deviceType: 'Temperatuurlogger', subType1: 'Warm water', subType2: 'Koud water', subType3: 'Tappunt' } },
    notes: 'Beheersplannen per gebouw bij Vastgoed & Facilitair, contactpersoon J. de Vries.',
  },
  {
    name: 'Zorggroep Rijnmond',
    reference: 'ZR-2021-007',
    address: 'Maasboulevard 120',
    postalCode: '3011 TX',
    city: 'Rotterdam',
    calibrationInterval: 2,
    endpoint: {},
    notes: null,
  },
  {
    name: 'Sportfondsen Oost',
    reference: 'SFO-2020-031',
    address: 'Hengelosestraat 705',
    postalCode: '7521 PA',
    city: 'Enschede',
    calibrationInterval: 3,
    endpoint: {},
    notes: 'Onderhoud via installateur Van Dam Techniek.',
  },
];

const KERLINK_OUTDOOR = 'Kerlink iStation';
const KERLINK_INDOOR = 'Kerlink iFemtoCell';

export const LOCATIONS: TLocationSeed[] = [
  loc('Gemeente Utrecht', 'Stadskantoor', 'office', 'Stadsplateau 1', '3521 AZ', 'Utrecht', 1, 7, KERLINK_INDOOR),
  loc('Gemeente Utrecht', 'Sporthal Zuid', 'sport', 'Briljantlaan 20', '3523 CD', 'Utrecht', 1, 8, KERLINK_OUTDOOR),
  loc('Gemeente Utrecht', 'Zwembad De Kromme Rijn', 'pool', 'Weg der Verenigde Naties 10', '3527 KT', 'Utrecht', 2, 6, KERLINK_OUTDOOR),
  { ...loc('Gemeente Utrecht', 'Gemeentewerf Overvecht', 'office', 'Zambesidreef 40', '3563 CE', 'Utrecht', 1, 2, KERLINK_INDOOR), offlineHours: 10 },
  loc('Zorggroep Rijnmond', 'Zorgcentrum De Hoven', 'care', 'Hovenstraat 5', '3072 KL', 'Rotterdam', 2, 9, KERLINK_INDOOR),
  loc('Zorggroep Rijnmond', 'Verpleeghuis Maaszicht', 'care', 'Westfrankelandsestraat 80', '3117 BK', 'Schiedam', 2, 7, KERLINK_INDOOR),
  loc('Zorggroep Rijnmond', 'Woonzorgcentrum Het Baken', 'care', 'Baanstraat 12', '3131 KA', 'Vlaardingen', 3, 5, KERLINK_OUTDOOR),
  loc('Sportfondsen Oost', 'Sportfondsenbad Enschede', 'pool', 'Hengelosestraat 705', '7521 PA', 'Enschede', 3, 7, KERLINK_OUTDOOR),
  { ...loc('Sportfondsen Oost', 'Zwembad De Vijfhoek', 'pool', 'Vijfhoekweg 2', '7553 BA', 'Hengelo', 3, 3, KERLINK_OUTDOOR), offlineHours: 30 },
  loc('Sportfondsen Oost', 'Sportcentrum Deventer', 'sport', 'Hanzeweg 12', '7418 AW', 'Deventer', 2, 4, KERLINK_OUTDOOR),
  { ...loc('Sportfondsen Oost', 'Kantoor Hengelo', 'office', 'Enschedesestraat 150', '7552 CL', 'Hengelo', 1, 2, KERLINK_INDOOR), offlineHours: 100 },
];

function loc(
  customer: string,
  name: string,
  kind: TPlaceKind,
  address: string,
  postalCode: string,
  city: string,
  calibrationInterval: number,
  nodes: number,
  gatewayProduct: string,
): TLocationSeed {
  const short = name.replace(/^(Zwembad|Sportfondsenbad|Zorgcentrum|Verpleeghuis|Woonzorgcentrum|Gemeentewerf|Sportcentrum|Kantoor) /, '');
  const prefix = { sport: 'SH', care: 'ZC', pool: 'ZB', office: 'KT' }[kind];
  return {
    customer,
    name,
    kind,
    reference: `${prefix}-${city.slice(0, 3).toUpperCase()}-${String(nodes * 7 + name.length).padStart(3, '0')}`,
    address,
    postalCode,
    city,
    calibrationInterval,
    nodes,
    gateway: {
      name: `GW ${short}`,
      product: gatewayProduct,
      type: gatewayProduct === KERLINK_INDOOR ? 'Indoor' : 'Outdoor',
    },
  };
}

const PRODUCTS = [
  { name: 'Aquasmart V1', type: 'Device', description: 'Draadloze temperatuursensor met spoelfunctie, één temperatuurkanaal.' },
  { name: 'Aquasmart V2', type: 'Device', description: 'Draadloze spoelnode met drie temperatuurkanalen en weekplanning voor spoelperiodes.' },
  { name: 'Aquasmart V3', type: 'Device', description: 'Draadloze temperatuurlogger met twee kanalen, zonder spoelfunctie.' },
  { name: KERLINK_OUTDOOR, type: 'Gateway', description: 'LoRaWAN-gateway voor buitenmontage, met 4G-terugverbinding.' },
  { name: KERLINK_INDOOR, type: 'Gateway', description: 'Compacte LoRaWAN-gateway voor binnen, via ethernet.' },
  { name: 'Sanimatic kraan', type: 'Faucet', description: 'Elektronische tapkraan met magneetventiel voor automatisch spoelen.' },
  { name: 'Douche spoelventiel', type: 'Faucet', description: 'Spoelventiel achter de douchemengkraan, inbouw.' },
  { name: 'Temperatuursensor PT1000', type: 'Other', description: 'Aanlegsensor voor leidingen, kabel 2 meter.' },
];

/**
 * Drawings made for the demo (sources in images/source, rendered to PNG): one per product type,
 * so the products page shows pictures, not "Geen afbeelding".
 */
const PRODUCT_PICTURES: Record<string, string> = { Device: 'sensor-node.png', Gateway: 'gateway.png', Faucet: 'flushing-valve.png', Other: 'pipe-probe.png' };

function withPicture(product: (typeof PRODUCTS)[number]) {
  const imageName = PRODUCT_PICTURES[product.type];
  return { ...product, imageName, imageType: 'image/png', imageData: readFileSync(new URL(`./images/${imageName}`, import.meta.url)) };
}

export interface TPlaces {
  customerIds: Map<string, number>;
  /** Keyed by location name (unique over the demo). */
  locations: Map<string, { id: number; customerId: number; seed: TLocationSeed; gatewayId: number; gatewayMac: string }>;
  productIds: Map<string, number>;
  networkServerId: number;
}

/** The gateway MAC of each location, in LOCATIONS order (the simulator replays this to know them). */
export function demoGatewayMacs(rng: DemoRandom): string[] {
  return LOCATIONS.map(() => `7076ff0056${rng.hex(6)}`);
}

/** Customers, locations, their gateways, the products catalogue and the network server. */
export async function seedPlaces(tx: TTx, rng: DemoRandom): Promise<TPlaces> {
  const productRows = await tx.insert(products).values(PRODUCTS.map(withPicture)).returning({ id: products.id, name: products.name });
  const productIds = new Map(productRows.map((row) => [row.name, row.id]));

  // The fleet simulator plays this network server for the demo nodes (scripts/start.mjs, docs/simulator.md).
  const [server] = await tx
    .insert(networkServers)
    .values({
      name: DEMO_NETWORK_SERVER.name,
      kind: 'chirpstack',
      secret: DEMO_NETWORK_SERVER.secret,
      // Pointed at the simulator or nowhere at every start (demo-downlinks.ts).
      config: SIMULATOR_DOWNLINKS,
    })
    .returning({ id: networkServers.id });

  const customerRows = await tx
    .insert(customers)
    .values(
      CUSTOMERS.map((customer) => ({
        ...customer,
        country: 'Nederland',
        endpoint: customer.endpoint.platform ? { ...customer.endpoint, token: randomBytes(16).toString('hex') } : customer.endpoint,
      })),
    )
    .returning({ id: customers.id, name: customers.name });
  const customerIds = new Map(customerRows.map((row) => [row.name, row.id]));

  const locationRows = await tx
    .insert(locations)
    .values(
      LOCATIONS.map((seed) => ({
        customerId: customerIds.get(seed.customer)!,
        name: seed.name,
        reference: seed.reference,
        address: seed.address,
        postalCode: seed.postalCode,
        city: seed.city,
        country: 'Nederland',
        calibrationInterval: seed.calibrationInterval,
        notes: seed.offlineHours ? 'Let op: gateway zit op een groep die soms uitgeschakeld wordt.' : null,
        ...(seed.name === 'Sporthal Zuid' ? LOGBOOK_DEMO_RESPONSIBLE : {}), // LOGBOOK_DEMO_LOCATION (logbook-history.ts imports this file)
      })),
    )
    .returning({ id: locations.id, name: locations.name, customerId: locations.customerId });

  const macs = demoGatewayMacs(rng);
  const gatewayRows = await tx
    .insert(gateways)
    .values(
      LOCATIONS.map((seed, index) => ({
        mac: macs[index],
        name: seed.gateway.name,
        customerId: customerIds.get(seed.customer)!,
        locationId: locationRows[index].id,
        productId: productIds.get(seed.gateway.product)!,
        type: seed.gateway.type,
        notes: seed.gateway.type === 'Outdoor' ? 'Op het dak, antenne richting noord.' : null,
      })),
    )
    .returning({ id: gateways.id, mac: gateways.mac, locationId: gateways.locationId });

  const locationsByName = new Map(
    locationRows.map((row, index) => {
      const gateway = gatewayRows.find((g) => g.locationId === row.id)!;
      return [row.name, { id: row.id, customerId: row.customerId, seed: LOCATIONS[index], gatewayId: gateway.id, gatewayMac: gateway.mac }];
    }),
  );
  return { customerIds, locations: locationsByName, productIds, networkServerId: server.id };
}
