// The outside services a pass change is told to: Apple's push service (APNs: an empty push to the device's push
// token on the pass type's topic) and Google Wallet's REST API (PATCH of an eventTicketObject or, for a member card, a genericObject). Production adapters
// speak to them with the same interfaces (apnsHttp2.ts, googleRest.ts: chosen when real certificates or a service
// account are configured); the demo and tests use the local stand-ins, which only record.

/** sent; or the device no longer has the pass (APNs 410): its registration goes. */
export type PushResult = 'sent' | 'unregistered';

export interface ApnsAdapter {
  push(pushToken: string, topic: string): Promise<PushResult>;
}

/** The Google Wallet object types we issue: a ticket's event ticket, a member card's generic pass. */
export type GoogleObjectKind = 'eventTicketObject' | 'genericObject';

export interface GoogleWalletAdapter {
  /** PATCH walletobjects/v1/{kind}/{objectId}. */
  patchObject(kind: GoogleObjectKind, objectId: string, object: Record<string, unknown>): Promise<void>;
}

export class LocalApns implements ApnsAdapter {
  readonly pushes: { pushToken: string; topic: string; at: Date }[] = [];
  async push(pushToken: string, topic: string): Promise<PushResult> {
    this.pushes.push({ pushToken, topic, at: new Date() });
    return 'sent';
  }
}

export class LocalGoogleWallet implements GoogleWalletAdapter {
  readonly patches: { kind: GoogleObjectKind; objectId: string; object: Record<string, unknown> }[] = [];
  async patchObject(kind: GoogleObjectKind, objectId: string, object: Record<string, unknown>) {
    this.patches.push({ kind, objectId, object });
  }
}
