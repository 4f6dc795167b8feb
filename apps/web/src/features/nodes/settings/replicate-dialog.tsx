import { useId, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { isDeviceType, type TDevice } from '@aquasmart/domain';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { failureText } from '../../../lib/http/failure-text';
import { NODES_QUERY_ROOT } from '../../../lib/api/nodes';
import { TablePager } from '../../../components/table';
import { fetchCandidates, postNodeParameter, type TCandidate } from './settings-api';
import { registerViews } from './settings-view';

/** Replication candidates per page (docs/node-settings.md, "Screens"). */
export const REPLICATION_PAGE_SIZE = 10;

type TProgress = Record<string, number>;

/**
 * Copies registers of this node to other nodes of its type (administrators; docs/node-settings.md, "Screens"):
 * the chosen nodes get the chosen registers one node at a time, each going from no progress to
 * 0 and then 100 percent. On a failure the dialog closes with settingsDuplicateError and says
 * which nodes already received the settings.
 */
export function ReplicateDialog({ device, onClose }: { device: TDevice; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const registers = isDeviceType(device.type) ? registerViews(device.type, device.sipp.parameters, 0) : [];
  const [chosenRegisters, setChosenRegisters] = useState<number[]>(registers.map((view) => view.register));
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Map<string, TCandidate>>(new Map());
  const [progress, setProgress] = useState<TProgress>({});
  const [busy, setBusy] = useState(false);

  const candidates = useQuery({
    queryKey: [...NODES_QUERY_ROOT, 'replication', device.eui, page, search],
    queryFn: ({ signal }) => fetchCandidates(device, { page, pageSize: REPLICATION_PAGE_SIZE, search }, signal),
    placeholderData: keepPreviousData,
  });

  const toggle = (candidate: TCandidate) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(candidate.eui)) next.delete(candidate.eui);
      else next.set(candidate.eui, candidate);
      return next;
    });
  const toggleRegister = (register: number) =>
    setChosenRegisters((current) => (current.includes(register) ? current.filter((entry) => entry !== register) : [...current, register].sort((a, b) => a - b)));

  async function replicate() {
    setBusy(true);
    const values = new Map(device.sipp.parameters.map((parameter) => [parameter.register, parameter.value as Record<string, unknown>]));
    const received: string[] = [];
    for (const target of selected.values()) {
      setProgress((current) => ({ ...current, [target.eui]: 0 }));
      try {
        for (const register of chosenRegisters) await postNodeParameter(target.eui, register, values.get(register) ?? {});
      } catch (error) {
        void queryClient.invalidateQueries({ queryKey: NODES_QUERY_ROOT });
        snackbar.error(`${failureText(t, error, 'snackbar.settingsDuplicateError', (key) => i18n.exists(key))} ${received.length ? t('nodeSettings.replicate.received', { names: received.join(', ') }) : t('nodeSettings.replicate.receivedNone')}`);
        onClose();
        return;
      }
      received.push(target.name || target.eui);
      setProgress((current) => ({ ...current, [target.eui]: 100 }));
    }
    void queryClient.invalidateQueries({ queryKey: NODES_QUERY_ROOT });
    snackbar.success('snackbar.settingsDuplicate', { count: received.length });
    onClose();
  }

  const rows = candidates.data?.rows ?? [];
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={phone}>
      <DialogTitle id={titleId}>{t('nodeSettings.replicate.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography sx={{ mb: 2 }}>{t('nodeSettings.replicate.intro', { type: device.type })}</Typography>
        <Typography component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
          {t('nodeSettings.replicate.registers')}
        </Typography>
        <FormGroup sx={{ mb: 2 }}>
          {registers.map((view) => (
            <FormControlLabel
              key={view.register}
              control={<Checkbox checked={chosenRegisters.includes(view.register)} onChange={() => toggleRegister(view.register)} disabled={busy} />}
              label={t('nodeSettings.registerTitle', { register: view.register, name: t(view.name) })}
            />
          ))}
        </FormGroup>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
          <Typography component="h3" variant="subtitle2">
            {t('nodeSettings.replicate.candidates', { type: device.type })}
          </Typography>
          <Typography variant="body2" aria-live="polite">
            {t('nodeSettings.replicate.selected', { count: selected.size })}
          </Typography>
        </Box>
        <TextField
          label={t('nodeSettings.replicate.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          size="small"
          fullWidth
          disabled={busy}
          sx={{ mb: 1 }}
          slotProps={{ htmlInput: { type: 'search' } }}
        />
        {candidates.isFetching ? <LinearProgress aria-label={t('common.loading')} /> : null}
        {candidates.isSuccess && candidates.data.total === 0 && !search ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {t('nodeSettings.replicate.noCandidates', { type: device.type })}
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('nodeSettings.replicate.candidates', { type: device.type })}>
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox" />
                  <TableCell>{t('nodeSettings.replicate.name')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('nodeSettings.replicate.customer')}</TableCell>
                  <TableCell>{t('nodeSettings.replicate.location')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => {
                  const name = row.name || row.eui;
                  const percent = progress[row.eui];
                  return (
                    <TableRow key={row.eui} hover selected={selected.has(row.eui)} onClick={busy ? undefined : () => toggle(row)} sx={{ cursor: busy ? 'default' : 'pointer' }}>
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={selected.has(row.eui)}
                          disabled={busy}
                          onClick={(event) => event.stopPropagation()}
                          onChange={() => toggle(row)}
                          slotProps={{ input: { 'aria-label': t('nodeSettings.replicate.select', { name }) } }}
                        />
                      </TableCell>
                      <TableCell>
                        {name}
                        {percent !== undefined ? (
                          <LinearProgress
                            variant="determinate"
                            value={percent}
                            aria-label={t('nodeSettings.replicate.progress', { name })}
                            sx={{ mt: 0.5 }}
                            data-testid={`progress-${row.eui}`}
                            data-progress={percent}
                          />
                        ) : null}
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{row.customer}</TableCell>
                      <TableCell>{row.location}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
        )}
        <TablePager
          count={candidates.data?.total ?? 0}
          page={page}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={REPLICATION_PAGE_SIZE}
          rowsPerPageOptions={[REPLICATION_PAGE_SIZE]}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('nodeSettings.replicate.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void replicate()} loading={busy} disabled={selected.size === 0 || chosenRegisters.length === 0}>
          {t('nodeSettings.replicate.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
