import { useState } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { FormProvider, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMoveOutlined';
import { useTranslation } from 'react-i18next';
import { hasAnyRight, type TDevice } from '@aquasmart/domain';
import { FormSelect } from '../../../components/form/form-select';
import { useZodForm } from '../../../components/form/use-zod-form';
import { encryptionModeOf, nodeQuery, nodeScreen, patchNodeLora } from '../../../lib/api/nodes';
import { useCurrentUser } from '../../../lib/session/current-user';
import { NodePlaceFields } from '../components/node-place-fields';
import { useNodeSave } from '../components/use-node-save';
import { INTERVAL_VALUES, moveBody, NODE_MOVE_FIELDS, nodeToMoveForm, ZNodeMoveForm, type TNodeMoveForm } from '../node-form';
import { FormDialog } from '../../../components/form/form-dialog';

function MoveDialog({ device, onClose }: { device: TDevice; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { hash } = useLocation();
  const mayChooseGateway = hasAnyRight(useCurrentUser().data, 'gatewayManagement');
  const form = useZodForm(ZNodeMoveForm, { defaultValues: nodeToMoveForm(device) });
  const [customer, location, gateway] = useWatch({ control: form.control, name: ['customer', 'location', 'gateway'] });
  const unchanged = moveBody({ customer, location, gateway, interval: '' }, device, mayChooseGateway) === null;
  const runSave = useNodeSave<TNodeMoveForm>(form.setError, NODE_MOVE_FIELDS, 'snackbar.nodeMove', 'snackbar.nodeMoveError');
  const onSubmit = form.handleSubmit((values) =>
    runSave(async () => {
      const body = moveBody(values, device, mayChooseGateway);
      const saved = body ? await patchNodeLora(device.eui, encryptionModeOf(device), body) : device;
      // The node's address names its place: the page shows the moved node at its new address.
      queryClient.setQueryData(nodeQuery(device.eui).queryKey, saved);
      onClose();
      return `${nodeScreen(saved.customer ?? values.customer, saved.location ?? values.location, device.eui)}${hash}`;
    }),
  );
  const intervalOptions = INTERVAL_VALUES.map((value) => ({ value, label: t('nodes.edit.years', { count: Number(value) }) }));
  return (
    <FormProvider {...form}>
      <FormDialog
        title={t('nodeDetail.move.title', { name: device.name || device.eui })}
        submitLabel={t('nodeDetail.move.submit')}
        busy={form.formState.isSubmitting}
        submitDisabled={unchanged}
        onSubmit={(event) => void onSubmit(event)}
        onClose={onClose}
      >
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('nodeDetail.move.intro')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <NodePlaceFields showGateway={mayChooseGateway} moveAllowed copyInterval />
          <FormSelect<TNodeMoveForm>
            name="interval"
            label={t('nodes.edit.calibrationInterval')}
            fullWidth
            disabled
            helperText={t('nodeDetail.move.intervalFromLocation')}
            options={intervalOptions}
          />
        </Box>
      </FormDialog>
    </FormProvider>
  );
}

/**
 * Move (moveNode; docs/nodes-screens.md, "Move"): customer, location and, with gatewayManagement,
 * the gateway, for people who may move a node but not edit it (the edit screen needs editNode).
 * The calibration interval the new location gives the node is shown greyed; the server copies it.
 */
export function NodeMoveButton({ device }: { device: TDevice }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<DriveFileMoveIcon />} onClick={() => setOpen(true)}>
        {t('nodeDetail.move.button')}
      </Button>
      {open ? <MoveDialog device={device} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
