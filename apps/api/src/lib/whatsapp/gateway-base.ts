import { EventEmitter } from 'node:events';
import type { WaGatewayKind } from '../../config';
import { emptySnapshot, type WaGatewayEvents, type WaSnapshot } from './types';

/**
 * State and events shared by the adapters: one snapshot, replaced as a whole on every change,
 * a `status` event after each change, and waiting for a condition with a timeout.
 */
export abstract class GatewayBase {
  private current: WaSnapshot;
  private readonly events = new EventEmitter<WaGatewayEvents>();

  protected constructor(readonly kind: WaGatewayKind) {
    this.current = emptySnapshot(kind);
    this.events.setMaxListeners(50);
  }

  snapshot(): WaSnapshot {
    return this.current;
  }

  on<E extends keyof WaGatewayEvents>(event: E, listener: (...args: WaGatewayEvents[E]) => void): () => void {
    const untyped = this.events as unknown as EventEmitter;
    untyped.on(event, listener as (...args: unknown[]) => void);
    return () => untyped.off(event, listener as (...args: unknown[]) => void);
  }

  protected emitAck(messageId: string, status: 'DELIVERED' | 'READ') {
    (this.events as unknown as EventEmitter).emit('ack', { messageId, status });
  }

  protected emitMessage(message: { phone: string; text: string; messageId: string }) {
    (this.events as unknown as EventEmitter).emit('message', message);
  }

  /** Replaces part of the snapshot and announces it (only when something changed). */
  protected update(patch: Partial<Omit<WaSnapshot, 'gateway' | 'updated_at'>>) {
    const next = { ...this.current, ...patch };
    const changed = (Object.keys(patch) as Array<keyof typeof patch>).some(
      (key) => JSON.stringify(next[key]) !== JSON.stringify(this.current[key]),
    );
    if (!changed) return;
    this.current = { ...next, updated_at: new Date().toISOString() };
    (this.events as unknown as EventEmitter).emit('status', this.current);
  }

  protected reset(patch: Partial<Omit<WaSnapshot, 'gateway' | 'updated_at'>> = {}) {
    this.current = { ...emptySnapshot(this.kind), ...patch };
    (this.events as unknown as EventEmitter).emit('status', this.current);
  }

  /** Resolves with the snapshot once `done(snapshot)` holds, or after `timeoutMs` whatever it is. */
  protected waitFor(done: (snapshot: WaSnapshot) => boolean, timeoutMs: number): Promise<WaSnapshot> {
    if (done(this.current) || timeoutMs <= 0) return Promise.resolve(this.current);
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        off();
        resolve(this.current);
      };
      const timer = setTimeout(finish, timeoutMs);
      const off = this.on('status', (snapshot) => {
        if (done(snapshot)) finish();
      });
    });
  }

  protected removeAllListeners() {
    this.events.removeAllListeners();
  }
}
