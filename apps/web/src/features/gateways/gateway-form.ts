import { ZGatewayCreate, type TGateway, type TGatewayCreate, type TGatewayPatch } from '@aquasmart/domain';

/**
 * The gateway form (docs/places.md, "Required fields"): MAC (16 hexadecimal characters), name, product,
 * customer and location required; type and notes free. The schema is the server's own.
 */
export const ZGatewayForm = ZGatewayCreate;

export interface TGatewayFormValues {
  mac: string;
  name: string;
  product: string;
  customer: string;
  location: string;
  type: string;
  notes: string;
}

export const GATEWAY_FORM_FIELDS = ['mac', 'name', 'product', 'customer', 'location', 'type', 'notes'];

export function emptyGatewayForm(customer = '', location = ''): TGatewayFormValues {
  return { mac: '', name: '', product: '', customer, location, type: '', notes: '' };
}

export function gatewayToForm(gateway: TGateway): TGatewayFormValues {
  return {
    mac: gateway.mac,
    name: gateway.name,
    product: gateway.product ?? '',
    customer: gateway.customer,
    location: gateway.location,
    type: gateway.type,
    notes: gateway.notes ?? '',
  };
}

/** Create: empty notes mean none. Edit: empty notes are left out, so the old ones stay (docs/places.md, "Notes and texts"). */
export function toGatewayBody(values: TGatewayCreate): TGatewayCreate & TGatewayPatch {
  const { notes, ...rest } = values;
  const trimmed = notes?.trim() ?? '';
  return { ...rest, type: rest.type?.trim() ?? '', ...(trimmed === '' ? {} : { notes: trimmed }) };
}
