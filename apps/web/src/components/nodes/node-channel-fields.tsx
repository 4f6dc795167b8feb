import { useQuery } from '@tanstack/react-query';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { fetchNodePage } from '../../lib/api/nodes';

/** The nodes of a location with their temperature channels (at most 500: a location has far fewer). */
const locationNodesQuery = (customer: string, location: string) => ({
  queryKey: ['locationNodes', customer, location] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchNodePage({ customer, location }, { page: 0, pageSize: 500, search: '', sort: { field: 'name', direction: 'asc' } }, signal),
});
export const channelNumber = (channelId: string) => channelId.replace(/^temperature/, '');

/**
 * Linking a place of water (a sample point, an outlet) to a node of its location and one of that
 * node's temperature channels: two selects, the channel only once a node is chosen; choosing
 * another node clears the channel. The texts are the caller's; errors are shown translated.
 */
export function NodeChannelFields({
  customer,
  location,
  eui,
  channelId,
  onChange,
  errors,
  texts,
}: {
  customer: string;
  location: string;
  eui: string;
  channelId: string;
  onChange: (link: { eui: string; channelId: string }) => void;
  errors: { eui?: string; channelId?: string };
  texts: { node: string; noNode: string; channel: string; noChannel: string; channelName: (n: string) => string };
}) {
  const nodes = useQuery(locationNodesQuery(customer, location));
  const node = nodes.data?.rows.find((row) => row.eui === eui);
  const channels = (node?.channels ?? []).filter((channel) => channel.id.startsWith('temperature'));
  return (
    <>
      <TextField select label={texts.node} value={eui} onChange={(event) => onChange({ eui: event.target.value, channelId: '' })} fullWidth disabled={nodes.isPending} error={Boolean(errors.eui)} helperText={errors.eui} sx={{ mt: 2 }}>
        <MenuItem value="">{texts.noNode}</MenuItem>
        {(nodes.data?.rows ?? []).map((row) => (
          <MenuItem key={row.eui} value={row.eui}>
            {row.name ? `${row.name} (${row.eui})` : row.eui}
          </MenuItem>
        ))}
      </TextField>
      {eui ? (
        <TextField select label={texts.channel} value={channelId} onChange={(event) => onChange({ eui, channelId: event.target.value })} fullWidth error={Boolean(errors.channelId)} helperText={errors.channelId} sx={{ mt: 2 }}>
          <MenuItem value="">{texts.noChannel}</MenuItem>
          {channels.map((channel) => (
            <MenuItem key={channel.id} value={channel.id}>
              {channel.name ? `${channel.name} (${texts.channelName(channelNumber(channel.id))})` : texts.channelName(channelNumber(channel.id))}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
    </>
  );
}
