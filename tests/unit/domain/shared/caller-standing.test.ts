import { describe, expect, it } from 'vitest';
import {
  changeEndsSessions,
  onlySessionStampChanged,
  sessionStampMillis,
  sessionStillValid,
  standingOf,
} from '../../../../src/domain/shared/caller-standing';

const CUT = Date.parse('2026-01-01T10:00:00Z');
const token = (over: Partial<{ authTime: number; adminClaim: boolean; emailVerified: boolean }> = {}) => ({
  authTime: CUT / 1000 + 60,
  adminClaim: false,
  emailVerified: true,
  ...over,
});
const record = (over: Record<string, unknown> = {}) => ({
  role: 'User',
  approval_status: 'approved',
  is_active: true,
  sessionsEndedAt: null,
  ...over,
});

describe('sessionStillValid', () => {
  it('refuses a sign-in before the cut and keeps one from the same second on', () => {
    expect(sessionStillValid(CUT / 1000 - 1, CUT)).toBe(false);
    expect(sessionStillValid(CUT / 1000, CUT + 999)).toBe(true);
    expect(sessionStillValid(CUT / 1000 + 5, CUT)).toBe(true);
  });

  it('keeps every sign-in when no session was ever ended', () => {
    expect(sessionStillValid(0, null)).toBe(true);
  });
});

describe('sessionStampMillis', () => {
  it('truncates to the whole second, as the rules compare auth_time in seconds', () => {
    expect(sessionStampMillis(CUT + 999)).toBe(CUT);
  });
});

describe('standingOf', () => {
  it('gives admin powers only to the claim together with an active Admin profile', () => {
    expect(standingOf(token({ adminClaim: true }), record({ role: 'Admin' })).admin).toBe(true);
    // Demoted: the token still says admin, the record does not.
    expect(standingOf(token({ adminClaim: true }), record({ role: 'User' })).admin).toBe(false);
    // Deactivated admin.
    expect(standingOf(token({ adminClaim: true }), record({ role: 'Admin', is_active: false })).admin).toBe(
      false,
    );
    // A profile saying Admin without the claim (never granted through the functions).
    expect(standingOf(token(), record({ role: 'Admin' })).admin).toBe(false);
    // No profile at all.
    expect(standingOf(token({ adminClaim: true }), undefined).admin).toBe(false);
  });

  it('counts a member in good standing only when verified, approved and active now', () => {
    expect(standingOf(token(), record()).member).toBe(true);
    expect(standingOf(token({ emailVerified: false }), record()).member).toBe(false);
    expect(standingOf(token(), record({ approval_status: 'pending' })).member).toBe(false);
    expect(standingOf(token(), record({ is_active: false })).member).toBe(false);
  });

  it('ends every power of a token issued before the session stamp', () => {
    const ended = standingOf(
      token({ adminClaim: true, authTime: CUT / 1000 - 1 }),
      record({ role: 'Admin', sessionsEndedAt: CUT }),
    );
    expect(ended).toEqual({ sessionEnded: true, admin: false, member: false });
    const fresh = standingOf(
      token({ adminClaim: true, authTime: CUT / 1000 }),
      record({ role: 'Admin', sessionsEndedAt: CUT }),
    );
    expect(fresh).toEqual({ sessionEnded: false, admin: true, member: true });
  });
});

describe('changeEndsSessions', () => {
  it('ends sessions on a demotion or a deactivation, not on other changes', () => {
    expect(changeEndsSessions({ role: 'Admin', is_active: true }, { role: 'User' })).toBe(true);
    expect(changeEndsSessions({ role: 'User', is_active: true }, { is_active: false })).toBe(true);
    expect(changeEndsSessions({ role: 'User', is_active: true }, { role: 'Admin' })).toBe(false);
    expect(changeEndsSessions({ role: 'Admin', is_active: true }, { role: 'Admin' })).toBe(false);
    expect(changeEndsSessions({ role: 'User', is_active: false }, { is_active: true })).toBe(false);
    expect(changeEndsSessions({ role: 'User', is_active: true }, {})).toBe(false);
  });
});

describe('onlySessionStampChanged', () => {
  const stamp = (ms: number) => ({ toMillis: () => ms });
  it('is true for a write of the stamp alone', () => {
    expect(
      onlySessionStampChanged(
        { a: 1, when: new Date(5) },
        { a: 1, when: new Date(5), tokens_valid_after: stamp(1000) },
      ),
    ).toBe(true);
    expect(
      onlySessionStampChanged(
        { a: 1, tokens_valid_after: stamp(1000) },
        { a: 1, tokens_valid_after: stamp(2000) },
      ),
    ).toBe(true);
  });
  it('is false when anything else changed too, or nothing changed', () => {
    expect(onlySessionStampChanged({ a: 1 }, { a: 2, tokens_valid_after: stamp(1000) })).toBe(false);
    expect(
      onlySessionStampChanged(
        { a: 1, tokens_valid_after: stamp(1000) },
        { a: 1, tokens_valid_after: stamp(1000) },
      ),
    ).toBe(false);
    expect(onlySessionStampChanged(undefined, { tokens_valid_after: stamp(1000) })).toBe(false);
    expect(
      onlySessionStampChanged({ links: { web: 'x' } }, { links: { web: 'y' }, tokens_valid_after: stamp(1) }),
    ).toBe(false);
  });
});
