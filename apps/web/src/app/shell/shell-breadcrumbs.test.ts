import { describe, expect, it } from 'vitest';
import { testUser } from '../../test/users';
import { breadcrumbsFor } from './shell-breadcrumbs';

const translate = (key: string) => ({ 'routes.nodes': 'Nodes', 'routes.customerDetail': ':customer', 'routes.locationDetail': ':location', 'routes.nodeDetail': ':eui', 'routes.nodeEdit': 'Node :eui bewerken' })[key] ?? key;
const params = { customer: 'Gemeente Utrecht', location: 'Stadhuis', eui: '0004A30B001C2D3E' };
const NODE = '/nodes/Gemeente%20Utrecht/Stadhuis/0004A30B001C2D3E';

describe('breadcrumbs with labels set by screens', () => {
  it('the node detail: nodes / customer / location / the name the screen set (else the EUI)', () => {
    const user = testUser(['editNode']);
    expect(breadcrumbsFor('nodeDetail', params, translate, user)).toEqual([
      { label: 'Nodes', to: '/nodes' },
      { label: 'Gemeente Utrecht', to: '/customers/Gemeente%20Utrecht' },
      { label: 'Stadhuis', to: '/locations/Gemeente%20Utrecht/Stadhuis' },
      { label: '0004A30B001C2D3E' },
    ]);
    expect(breadcrumbsFor('nodeDetail', params, translate, user, new Map([[NODE, 'Keuken warm']])).at(-1)).toEqual({ label: 'Keuken warm' });
  });

  it('an ancestor crumb takes the label of its address', () => {
    const crumbs = breadcrumbsFor('nodeEdit', params, translate, testUser(['editNode']), new Map([[NODE, 'Keuken warm']]));
    expect(crumbs.at(-2)).toEqual({ label: 'Keuken warm', to: NODE });
    expect(crumbs.at(-1)).toEqual({ label: 'Node 0004A30B001C2D3E bewerken' });
  });
});
