import { fork, type ChildProcess } from 'node:child_process';

/**
 * A server in a process of its own (so that its memory and CPU are its own) with a
 * request/answer channel over IPC, one question at a time. The benchmark and the soak test
 * each run their own script; the script's first message is `{type: 'ready', ...}`.
 */
export class ChildServer<TRequest, TReply extends { type: string }> {
  private readonly waiting: { resolve: (reply: TReply) => void; reject: (error: Error) => void }[] = [];
  private chain: Promise<unknown> = Promise.resolve();
  private ended: Error | null = null;

  private constructor(readonly child: ChildProcess) {
    child.on('message', (reply: TReply) => this.waiting.shift()?.resolve(reply));
    // A server that dies (out of memory, say) fails every question waiting and every later one.
    child.on('exit', (code, signal) => {
      this.ended = new Error(`the server process ended (${signal ?? `exit ${code}`})`);
      for (const waiter of this.waiting.splice(0)) waiter.reject(this.ended);
    });
  }

  static async start<TRequest, TReply extends { type: string }>(
    script: string,
    env: NodeJS.ProcessEnv,
  ): Promise<{ server: ChildServer<TRequest, TReply>; ready: Extract<TReply, { type: 'ready' }> }> {
    const child = fork(script, [], { execArgv: ['--import', 'tsx'], env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const server = new ChildServer<TRequest, TReply>(child);
    const ready = await new Promise<TReply>((resolve, reject) => server.waiting.push({ resolve, reject }));
    if (ready.type !== 'ready') {
      await server.kill();
      throw new Error(`unexpected first message ${ready.type}`);
    }
    return { server, ready: ready as Extract<TReply, { type: 'ready' }> };
  }

  ask<T extends TReply['type']>(request: TRequest, expected: T): Promise<Extract<TReply, { type: T }>> {
    const next = this.chain.then(
      () =>
        new Promise<Extract<TReply, { type: T }>>((resolve, reject) => {
          if (this.ended) return reject(this.ended);
          const waiter = {
            resolve: (reply: TReply) => {
              if (reply.type === expected) resolve(reply as Extract<TReply, { type: T }>);
              else reject(new Error(reply.type === 'error' && 'message' in reply ? String(reply.message) : `expected ${expected}, got ${reply.type}`));
            },
            reject,
          };
          this.waiting.push(waiter);
          this.child.send(request as object, (error) => {
            if (!error) return;
            // Not sent, so no answer comes: the next answer belongs to the next question.
            this.waiting.splice(this.waiting.indexOf(waiter), 1);
            reject(error);
          });
        }),
    );
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** Ends the process at once (SIGKILL) and waits for it to be gone. */
  kill(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.kill('SIGKILL');
    });
  }
}

/**
 * The child's side of ChildServer: answers each request of the parent in turn with what `handle`
 * gives (a failure as `{type: 'error'}`), and exits once it has answered `{type: 'stopped'}`.
 */
export function answerParent<TRequest, TReply extends { type: string }>(handle: (request: TRequest) => Promise<TReply>): void {
  // The parent is gone (it crashed or was killed): do not go on holding a port and a database.
  process.on('disconnect', () => process.exit(1));
  process.on('message', (request: TRequest) => {
    handle(request).then(
      (reply) => {
        process.send!(reply);
        if (reply.type === 'stopped') process.exit(0);
      },
      (error: unknown) => process.send!({ type: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
  });
}
