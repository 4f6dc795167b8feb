import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TChannelMessage } from '@aquasmart/domain';
import { useFormat } from '../../../lib/i18n/use-date-time';
import { alarmMessagesQuery } from '../api/alarms-api';

const STATE_COLOURS: Record<TChannelMessage['state'], 'default' | 'success' | 'warning' | 'error'> = { pending: 'default', retrying: 'warning', sent: 'success', failed: 'error' };

/**
 * An alarm's Teams, Slack and SMS messages for administrators (docs/alarm-notifications.md,
 * "Channels"): to whom, by which channel, the state and tries, the last answer when it failed.
 */
export function AlarmMessages({ alarmId }: { alarmId: number }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const messages = useQuery(alarmMessagesQuery(alarmId, true));
  const rows = messages.data ?? [];
  return (
    <Box component="section" aria-labelledby="alarm-messages-title">
      <Typography id="alarm-messages-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('alarms.timeline.messages')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('alarms.timeline.messagesHelp')}
      </Typography>
      {messages.isSuccess && rows.length === 0 ? <Typography variant="body2">{t('alarms.timeline.messagesNone')}</Typography> : null}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {rows.map((message) => (
          <Box component="li" key={message.id} data-state={message.state} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minWidth: 0 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
              <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {t('alarms.timeline.messaged', { channel: t(`alarms.timeline.channels.${message.channel}`), to: message.user ?? message.to })}
                {message.stage ? ` · ${t('alarms.timeline.stage', { number: message.stage })}` : ''}
              </Typography>
              <Chip size="small" variant="outlined" color={STATE_COLOURS[message.state]} label={t(`alarms.timeline.messageStatesAll.${message.state}`)} />
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {message.to} · {dateTime(message.sentAt ?? message.createdAt)} · {t('alarms.timeline.messageAttempts', { count: message.attempts })}
              {message.lastStatus !== null && message.state !== 'sent' ? ` · HTTP ${message.lastStatus}` : ''}
            </Typography>
            {message.lastError && message.state !== 'sent' ? (
              <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
                {message.lastError}
              </Typography>
            ) : null}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
