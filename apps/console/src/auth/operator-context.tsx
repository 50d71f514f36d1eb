import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  opsSessionEventsPath,
  watchSession,
  type OperatorAction,
  type OperatorLoginValue,
  type OperatorMe,
} from '@taya/contracts';
import { clearToken, getToken, onSessionChange, setToken } from '../lib/session';
import { fetchMe, logOut, meQueryKey } from './api';

export interface OperatorState {
  /** The logged-in operator, or null (no token, or the token was refused). */
  operator: OperatorMe | null;
  /** True while the first `/ops/session/me` for a token is on its way. */
  loading: boolean;
  /** Whether the operator's role may take `action` (the contracts' role table, as the server has it). */
  may: (action: OperatorAction) => boolean;
  /** Keeps a fresh log-in's token and operator. */
  signedIn: (value: OperatorLoginValue) => void;
  /** Ends the session on the server, then here. */
  signOut: () => Promise<void>;
}

const OperatorContext = createContext<OperatorState | null>(null);

const useToken = () => useSyncExternalStore(onSessionChange, getToken, () => null);

/** The longest a timer may wait (setTimeout's limit); a later expiry is checked again then. */
const maxTimer = 2 ** 31 - 1;

export function OperatorProvider({ children }: { children: ReactNode }) {
  const token = useToken();
  const queryClient = useQueryClient();
  const me = useQuery({
    queryKey: [...meQueryKey, token],
    queryFn: ({ signal }) => fetchMe(signal),
    enabled: token !== null,
    staleTime: 60_000,
    // Asking again now and then notices a session revoked elsewhere or idled out.
    refetchInterval: 5 * 60_000,
    refetchOnWindowFocus: true,
    retry: false,
  });
  const operator = token ? (me.data ?? null) : null;

  // The session's hard end: the log-in page comes back on its own, saying why.
  const expiresAt = operator?.sessionExpiresAt;
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setTimeout(
      () => clearToken('session_ended'),
      Math.min(maxTimer, Math.max(0, Date.parse(expiresAt) - Date.now())),
    );
    return () => clearTimeout(timer);
  }, [expiresAt]);

  // An operator disabled, or this session revoked, is logged out at once: the session's stream
  // (`/ops/session/events`) says `ended`.
  // A log-out from this tab ends it too, and says so itself.
  const live = operator !== null;
  const signingOut = useRef(false);
  useEffect(() => {
    if (!token || !live || typeof TextDecoderStream === 'undefined') return;
    return watchSession(token, {
      path: opsSessionEventsPath,
      onEnded: () => {
        if (!signingOut.current && getToken() === token) clearToken('session_ended');
      },
    });
  }, [token, live]);

  // Nothing of one operator's data stays in the cache for the next one.
  useEffect(() => {
    if (token === null) queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'public' });
  }, [token, queryClient]);

  const signedIn = useCallback(
    (value: OperatorLoginValue) => {
      queryClient.setQueryData([...meQueryKey, value.token], value.operator);
      setToken(value.token);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    signingOut.current = true;
    try {
      await logOut();
    } finally {
      clearToken('logged_out');
      signingOut.current = false;
    }
  }, []);

  const state = useMemo<OperatorState>(
    () => ({
      operator,
      loading: token !== null && me.isPending,
      may: (action) => operator?.permissions.includes(action) ?? false,
      signedIn,
      signOut,
    }),
    [operator, token, me.isPending, signedIn, signOut],
  );
  return <OperatorContext value={state}>{children}</OperatorContext>;
}

/** Who is logged in, what the role may do, and the log-in/log-out calls. */
export function useOperator(): OperatorState {
  const state = useContext(OperatorContext);
  if (!state) throw new Error('useOperator outside <OperatorProvider>');
  return state;
}
