import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { NODE_LABEL_MESSAGE, parseNodeLabel, parseOutletLabel } from '@aquasmart/domain';
import '../../lib/i18n/texts/field';
import { FormDialog } from '../form/form-dialog';
import { openBarcodeReader } from './barcode-reader';
import { lookupFailureText, SCAN_LOOKUP_TIMEOUT_MS, type TScanTarget } from './lookup-failure';
import type { TScanRefusal } from './scan-refusal';

/** How often a camera frame is read. */
const READ_EVERY_MS = 200;

type TCameraState = 'starting' | 'loadingDecoder' | 'scanning' | 'noCamera' | 'denied' | 'readerFailed';

export interface TScanDialogProps {
  onClose: () => void;
  /** A label named this node: open it. Answers what to say when it cannot (not found, perhaps with an offer to register it), or null when done. */
  onEui: (eui: string) => Promise<TScanRefusal | null>;
  /** A label named this outlet (docs/field-work.md, "Outlet labels"): open it, or say why not. Without it an outlet's label is said to be no node's. */
  onOutlet?: (outletId: number) => Promise<TScanRefusal | null>;
}

/**
 * The label scanner (docs/field-work.md, "Scan"): the back camera's image, read a few times a
 * second; the first code that is a node label (parseNodeLabel) or, where `onOutlet` is given, an
 * outlet label (parseOutletLabel) is looked up. A code that is no label, or a node or outlet that is
 * not found, is said and scanning goes on; where the refusal offers it, a
 * Registreren link beneath the message opens the register screen (and closes the scanner). Typing
 * the EUI stays possible beneath the image, checked as typed. Full screen on a phone. The camera
 * stops when it closes.
 */
export default function ScanDialog({ onClose, onEui, onOutlet }: TScanDialogProps) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<TCameraState>('starting');
  const [message, setMessage] = useState<{ severity: 'info' | 'warning' | 'error'; text: string; registerTo?: string } | null>(null);
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onEuiRef = useRef(onEui);
  const onOutletRef = useRef(onOutlet);
  useEffect(() => {
    onEuiRef.current = onEui;
    onOutletRef.current = onOutlet;
  }, [onEui, onOutlet]);
  const busyRef = useRef(false);

  async function look(target: TScanTarget): Promise<TScanRefusal | null> {
    busyRef.current = true;
    setBusy(true);
    setMessage({ severity: 'info', text: 'eui' in target ? t('field.scan.looking', { eui: target.eui }) : t('field.scan.lookingOutlet', { id: target.outletId }) });
    const started = Date.now();
    let timer: number | undefined;
    try {
      // The lookup aborts its own request after the same time; the race makes sure the message comes whatever onEui does.
      const noAnswer = new Promise<never>((_resolve, reject) => {
        timer = window.setTimeout(() => reject(new DOMException('The lookup got no answer in time', 'TimeoutError')), SCAN_LOOKUP_TIMEOUT_MS);
      });
      const opened = 'eui' in target ? onEuiRef.current(target.eui) : (onOutletRef.current?.(target.outletId) ?? Promise.resolve(null));
      const refusal = await Promise.race([opened, noAnswer]);
      setMessage(refusal ? { severity: 'warning', ...refusal } : null);
      return refusal;
    } catch (error) {
      const failure = lookupFailureText(t, target, error, Date.now() - started >= SCAN_LOOKUP_TIMEOUT_MS);
      setMessage({ severity: 'error', text: failure });
      return { text: failure };
    } finally {
      window.clearTimeout(timer);
      busyRef.current = false;
      setBusy(false);
    }
  }
  const lookRef = useRef(look);
  useEffect(() => {
    lookRef.current = look;
  });

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    /** The last text read that led nowhere: not read again and again while the camera holds it. */
    let lastRead = '';
    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        setCamera('noCamera');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch (error) {
        setCamera(error instanceof DOMException && error.name === 'NotAllowedError' ? 'denied' : 'noCamera');
        return;
      }
      const video = videoRef.current;
      if (stopped || !video) return;
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      setCamera('loadingDecoder');
      let reader: Awaited<ReturnType<typeof openBarcodeReader>>;
      try {
        reader = await openBarcodeReader();
      } catch {
        if (!stopped) setCamera('readerFailed');
        return;
      }
      if (stopped) return;
      setCamera('scanning');
      const readFrame = async () => {
        if (stopped) return;
        if (!busyRef.current && video.readyState >= 2) {
          const codes = await reader.detect(video).catch(() => []);
          const text = codes[0]?.rawValue;
          if (text !== undefined && text !== lastRead && !stopped) {
            lastRead = text;
            const outlet = parseOutletLabel(text);
            const label = parseNodeLabel(text);
            if (outlet.ok && !onOutletRef.current) setMessage({ severity: 'warning', text: t('field.scan.outletHere', { id: outlet.outletId }) });
            else if (outlet.ok) {
              if ((await lookRef.current({ outletId: outlet.outletId })) === null) return;
            } else if (!label.ok) setMessage({ severity: 'warning', text: t('field.scan.notANode', { text: text.slice(0, 60) }) });
            else if ((await lookRef.current({ eui: label.eui })) === null) return;
          }
        }
        if (!stopped) timer = window.setTimeout(() => void readFrame(), READ_EVERY_MS);
      };
      void readFrame();
    }
    void start();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [t]);

  const check = parseNodeLabel(typed);
  // A wrong character is said at once; a missing digit only on submit.
  const live = !check.ok && (check.reason === 'notHex' || check.reason === 'tr005') ? t(NODE_LABEL_MESSAGE[check.reason]) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!check.ok) {
      setTypedError(t(NODE_LABEL_MESSAGE[check.reason]));
      return;
    }
    await look({ eui: check.eui });
  }

  const cameraText = camera === 'scanning' ? t('field.scan.hint') : t(`field.scan.${camera}`);
  const typedMessage = typedError ?? live;
  return (
    <FormDialog title={t('field.scan.title')} submitLabel={t('field.scan.open')} busy={busy} onSubmit={(event) => void submit(event)} onClose={onClose}>
      <Stack spacing={2}>
        <Box sx={{ position: 'relative', bgcolor: 'grey.900', borderRadius: 1, overflow: 'hidden', aspectRatio: '4 / 3', display: camera === 'noCamera' || camera === 'denied' ? 'none' : 'block' }}>
          <Box component="video" ref={videoRef} muted playsInline aria-label={t('field.scan.video')} data-testid="scan-video" sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
          {/* The aim: where the label should be. */}
          <Box aria-hidden sx={{ position: 'absolute', inset: '15%', border: '3px solid rgba(255,255,255,0.85)', borderRadius: 2 }} />
        </Box>
        <Typography variant="body2" role="status" data-testid="scan-state">
          {cameraText}
        </Typography>
        {message ? (
          <Alert severity={message.severity}>
            <span data-testid="scan-message">{message.text}</span>
            {message.registerTo ? (
              // Beneath the text, not beside it: on a phone the text keeps the Alert's width.
              <Box sx={{ mt: 1 }}>
                <Button component={RouterLink} to={message.registerTo} onClick={onClose} variant="outlined" color="inherit">
                  {t('field.scan.register')}
                </Button>
              </Box>
            ) : null}
          </Alert>
        ) : null}
        <TextField
          label={t('field.scan.typed')}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setTypedError(null);
          }}
          error={Boolean(typedMessage)}
          helperText={typedMessage ?? ' '}
          autoComplete="off"
          slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
          fullWidth
        />
      </Stack>
    </FormDialog>
  );
}
