import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announceWaitingVersions, applyUpdate, UPDATE_READY_EVENT } from './service-worker';

/** A worker whose state the test moves on, as the browser would. */
class FakeWorker extends EventTarget {
  constructor(public state: ServiceWorkerState) {
    super();
  }
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  /** The browser's order: installing → installed (now waiting). */
  finishInstall() {
    const worker = this.installing!;
    this.installing = null;
    this.waiting = worker;
    worker.become('installed');
  }
  startUpdate() {
    this.installing = new FakeWorker('installing');
    this.dispatchEvent(new Event('updatefound'));
  }
}

const controlled = { controller: {} as ServiceWorker };


describe('announceWaitingVersions', () => {
  const cases: { name: string; arrange: (registration: FakeRegistration) => void; act: (registration: FakeRegistration) => void; controller: boolean; announced: number }[] = [
    { name: 'a version already waiting when the page registers', arrange: (r) => (r.waiting = new FakeWorker('installed')), act: () => undefined, controller: true, announced: 1 },
    // The browser's own update check on navigation started before the page listened for updatefound.
    { name: 'a version installing when the page registers, installed later', arrange: (r) => (r.installing = new FakeWorker('installing')), act: (r) => r.finishInstall(), controller: true, announced: 1 },
    { name: 'an update found later', arrange: () => undefined, act: (r) => (r.startUpdate(), r.finishInstall()), controller: true, announced: 1 },
    { name: 'the first install (nothing controls the page yet): no prompt', arrange: (r) => (r.installing = new FakeWorker('installing')), act: (r) => r.finishInstall(), controller: false, announced: 0 },
    { name: 'an update that fails to install: no prompt', arrange: () => undefined, act: (r) => (r.startUpdate(), r.installing!.become('redundant')), controller: true, announced: 0 },
  ];
  const heard = vi.fn();
  afterEach(() => window.removeEventListener(UPDATE_READY_EVENT, heard));
  it.each(cases)('$name', ({ arrange, act, controller, announced }) => {
    heard.mockClear();
    window.addEventListener(UPDATE_READY_EVENT, heard);
    const registration = new FakeRegistration();
    arrange(registration);
    announceWaitingVersions(registration as unknown as ServiceWorkerRegistration, controller ? controlled : { controller: null });
    act(registration);
    expect(heard).toHaveBeenCalledTimes(announced);
  });
});

describe('applyUpdate', () => {
  const container = new EventTarget();
  let reload: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: container });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks the waiting version to take over, and reloads once it controls the page', () => {
    const registration = new FakeRegistration();
    const waiting = Object.assign(new FakeWorker('installed'), { postMessage: vi.fn() });
    registration.waiting = waiting;
    applyUpdate(registration as unknown as ServiceWorkerRegistration);
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads at once when no version waits any more (it took over already)', () => {
    applyUpdate(new FakeRegistration() as unknown as ServiceWorkerRegistration);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
