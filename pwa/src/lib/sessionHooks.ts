// Session selectors the features share (the store itself is the app's: lib reads it through react-redux).
import { useSelector } from 'react-redux';
import { type SessionState, tokenExpiry } from './session';

type WithSession = { session: SessionState };

/** Signed in (the session, or the readable expiry cookie when the profile is not loaded, e.g. offline). */
export function useSignedIn(): boolean {
  const expiresAt = useSelector((s: WithSession) => s.session.expiresAt);
  return expiresAt !== null || tokenExpiry() !== null;
}

/** Kids accounts cannot pay (the server refuses too): pages say so instead of offering to pay. */
export function useIsChild(): boolean {
  return useSelector((s: WithSession) => s.session.user?.child_flag === 1);
}
