import { z } from 'zod';

/** Path and query parameters shared by the customer, location, gateway and calibration-log routes. */
export const ZListQuery = z.object({ conditions: z.string().optional(), projection: z.string().optional() });
export const ZCustomerParams = z.object({ customer: z.string().min(1).max(500) });
export const ZLocationParams = ZCustomerParams.extend({ location: z.string().min(1).max(500) });
export const ZGatewayParams = ZLocationParams.extend({ gateway: z.string().min(1).max(500) });
