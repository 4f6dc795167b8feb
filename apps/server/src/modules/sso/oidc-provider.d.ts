/** The few parts of `oidc-provider` (a devDependency without types) the test provider uses (oidc-provider.fixture.ts). */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface TInteractionDetails {
    uid: string;
    prompt: { name: string };
    params: Record<string, unknown>;
    session?: { accountId: string };
  }
  interface TGrant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    proxy: boolean;
    IdToken: { prototype: { issue(...args: unknown[]): Promise<string>; client: unknown } };
    Grant: new (options: { accountId: string; clientId: string }) => TGrant;
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<TInteractionDetails>;
    interactionFinished(request: IncomingMessage, response: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
  }
  export default Provider;
}
