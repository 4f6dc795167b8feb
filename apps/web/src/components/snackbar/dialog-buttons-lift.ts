import { useSyncExternalStore } from 'react';

/** Space kept between a message and the buttons it must not cover (px). */
const GAP_PX = 8;
/** Buttons this close to the bottom of the screen are where a message stands (a full-screen dialog on a phone). */
const BOTTOM_ZONE_PX = 120;

/**
 * How far above the bottom of the screen a message must stand to leave a dialog's buttons free:
 * 0 when no dialog is open or its buttons are higher up (a dialog in the middle of a desktop
 * screen), else the height from their top edge down, plus a gap.
 */
export function snackbarLift(buttonsTop: number | null, viewportHeight: number): number {
  if (buttonsTop === null || buttonsTop < viewportHeight - BOTTOM_ZONE_PX) return 0;
  return Math.ceil(viewportHeight - buttonsTop + GAP_PX);
}

/**
 * MUI renders each open dialog in a portal under <body>, so the body's children are watched (not
 * the whole tree), and the window's size.
 */
function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { childList: true });
  window.addEventListener('resize', onChange);
  return () => {
    observer.disconnect();
    window.removeEventListener('resize', onChange);
  };
}

function currentLift(): number {
  const actions = document.querySelectorAll('[role="dialog"] .MuiDialogActions-root');
  const last = actions.item(actions.length - 1);
  return snackbarLift(last ? last.getBoundingClientRect().top : null, window.innerHeight);
}

/** The lift (px) a message needs now to stay clear of an open dialog's buttons. */
export function useDialogButtonsLift(): number {
  return useSyncExternalStore(subscribe, currentLift, () => 0);
}
