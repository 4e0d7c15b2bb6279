// The stand-in's state: every object it created, the events and their deliveries,
// and its clock. With a state file, the state is read at start and written after
// every change, so a restarted stand-in still knows the customers and subscriptions
// the app stored ids of.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { StandinState } from './types.ts';

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A Stripe-like id: the prefix, then random letters and digits (`cus_…`, `sub_…`). */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ID_ALPHABET[byte % ID_ALPHABET.length];
  return `${prefix}_${out}`;
}

export function emptyState(): StandinState {
  return {
    version: 1,
    clockOffsetMs: 0,
    customers: {},
    checkoutSessions: {},
    portalSessions: {},
    subscriptions: {},
    invoices: {},
    discounts: {},
    coupons: {},
    promotionCodes: {},
    prices: {},
    events: [],
    deliveries: [],
  };
}

export class Store {
  state: StandinState;
  readonly #stateFile: string | undefined;
  readonly #now: () => number;

  constructor(options: { stateFile?: string; now: () => number }) {
    this.#stateFile = options.stateFile;
    this.#now = options.now;
    this.state = this.#load();
  }

  /** The stand-in clock in Unix seconds, as Stripe timestamps are: `now()` plus the advances. */
  nowSeconds(): number {
    return Math.floor((this.#now() + this.state.clockOffsetMs) / 1000);
  }

  advance(seconds: number): void {
    this.state.clockOffsetMs += Math.round(seconds * 1000);
  }

  reset(): void {
    this.state = emptyState();
    this.save();
  }

  /** Writes the state file (whole, through a temporary file so a crash never leaves half of it). */
  save(): void {
    if (!this.#stateFile) return;
    const temporary = `${this.#stateFile}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.state, null, 2));
    renameSync(temporary, this.#stateFile);
  }

  #load(): StandinState {
    if (!this.#stateFile || !existsSync(this.#stateFile)) return emptyState();
    const parsed = JSON.parse(readFileSync(this.#stateFile, 'utf8')) as Partial<StandinState>;
    if (parsed.version !== 1)
      throw new Error(`${this.#stateFile} is not a Stripe stand-in state file (version 1)`);
    // Fields added later default to empty, so an older file still loads.
    const state = { ...emptyState(), ...parsed };
    // A delivery still pending was cut off by the stop; it is not sent again.
    for (const delivery of state.deliveries)
      if (delivery.status === 'pending') {
        delivery.status = 'failed';
        delivery.attempts.push({ at: new Date().toISOString(), error: 'stand-in stopped before delivering' });
      }
    return state;
  }
}
