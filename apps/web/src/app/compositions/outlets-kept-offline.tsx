import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { hasAnyRight } from '@aquasmart/domain';
import { useCurrentUser } from '../../lib/session/current-user';
import { checkPlansQuery, outletsQuery } from '../../features/outlets/api/outlets-api';
import { keepLocationOutlets } from '../../features/outlet-check/kept-outlets';

/**
 * Beside the #outlets tab: what the tab has read (the register, and the check plans for those who
 * record checks) is kept on the device, so that every outlet of the location opens without a
 * connection afterwards (docs/outlets.md, "Opening an outlet without a connection"). The same
 * queries as the tab's: no request of its own.
 */
export function KeepOutletsOffline({ customer, location }: { customer: string; location: string }) {
  const me = useCurrentUser().data;
  const withPlans = hasAnyRight(me, 'editLocation', 'recordChecks');
  const outlets = useQuery(outletsQuery(customer, location));
  const plans = useQuery({ ...checkPlansQuery(customer, location), enabled: withPlans });
  const ready = Boolean(me) && outlets.isSuccess && (!withPlans || plans.isSuccess || plans.isError);
  useEffect(() => {
    if (ready && outlets.data) void keepLocationOutlets(customer, location, outlets.data, plans.data).catch(() => undefined);
    // Kept again whenever either answer is read again.
  }, [ready, customer, location, outlets.data, plans.data]);
  return null;
}
