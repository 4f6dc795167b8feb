import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import { snackbarLift } from './dialog-buttons-lift';
import { SNACKBAR_SHOWN_MS, SnackbarView } from './snackbar-view';

/** Issue 37: a message never covers a dialog's buttons, and a tap never holds it on screen. */
const view = (onClose = vi.fn()) => <SnackbarView id={1} open text="Kanaal 1 gekalibreerd" severity="success" onClose={onClose} onExited={vi.fn()} />;
// hidden: an open modal dialog hides the rest of the page from assistive technology, the snackbar with it.
const snackbarRoot = () => screen.getByRole('alert', { hidden: true }).closest('.MuiSnackbar-root')!;

function pointer(fine: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: fine && query.includes('pointer: fine'), media: query, addEventListener: vi.fn(), removeEventListener: vi.fn() }));
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('snackbarLift: clear of a dialog\'s buttons at the bottom of the screen', () => {
  it.each([
    ['no dialog open', null, 844, 0],
    ['buttons in the middle of the screen (a desktop dialog)', 500, 800, 0],
    ['buttons just above the bottom zone', 844 - 121, 844, 0],
    ['buttons at the edge of the bottom zone', 844 - 120, 844, 128],
    ['buttons at the bottom (a full-screen dialog on a phone)', 780, 844, 72],
  ])('%s', (_case, buttonsTop, viewportHeight, lift) => {
    expect(snackbarLift(buttonsTop, viewportHeight)).toBe(lift);
  });
});

describe('where the snackbar stands', () => {
  function dialogButtonsAt(top: number) {
    const original = Element.prototype.getBoundingClientRect;
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      return this.classList.contains('MuiDialogActions-root') ? ({ top, bottom: top + 52, left: 0, right: 390, width: 390, height: 52, x: 0, y: top } as DOMRect) : original.call(this);
    });
  }
  const lifted = () => (snackbarRoot() as HTMLElement).ownerDocument.defaultView!.getComputedStyle(snackbarRoot()).bottom;

  it('stands above the buttons of a full-screen dialog, also when the dialog opens while it shows', async () => {
    dialogButtonsAt(window.innerHeight - 60);
    const { rerender } = render(<>{view()}</>);
    expect(lifted()).not.toBe('68px');
    rerender(
      <>
        <Dialog open fullScreen aria-label="Kanaal 2 kalibreren">
          <DialogActions>
            <button>Kalibreren</button>
          </DialogActions>
        </Dialog>
        {view()}
      </>,
    );
    await act(async () => {});
    expect(lifted()).toBe('68px');
  });

  it('stays at the bottom under a dialog in the middle of the screen', async () => {
    dialogButtonsAt(window.innerHeight / 2);
    render(
      <>
        <Dialog open aria-label="Kanaal 2 kalibreren">
          <DialogActions>
            <button>Kalibreren</button>
          </DialogActions>
        </Dialog>
        {view()}
      </>,
    );
    await act(async () => {});
    expect(lifted()).not.toBe(`${Math.ceil(window.innerHeight / 2) + 8}px`);
    expect(snackbarRoot().className).toContain('MuiSnackbar-anchorOriginBottomCenter');
  });
});

describe('how long it stays', () => {
  it.each([
    ['a touch screen: a resting pointer does not hold it', false, 1],
    ['a mouse resting on it holds it', true, 0],
  ])('%s', (_case, fine, closes) => {
    pointer(fine);
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(view(onClose));
    fireEvent.mouseEnter(snackbarRoot());
    act(() => {
      vi.advanceTimersByTime(SNACKBAR_SHOWN_MS.success * 10);
    });
    expect(onClose).toHaveBeenCalledTimes(closes);
  });

  it('closes after its time, and half of it once a mouse leaves', () => {
    pointer(true);
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(view(onClose));
    act(() => {
      vi.advanceTimersByTime(SNACKBAR_SHOWN_MS.success - 1);
    });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.mouseEnter(snackbarRoot());
    act(() => {
      vi.advanceTimersByTime(SNACKBAR_SHOWN_MS.success);
    });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.mouseLeave(snackbarRoot());
    act(() => {
      vi.advanceTimersByTime(SNACKBAR_SHOWN_MS.success / 2);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
