import { useEffect, useRef } from 'react';

/** Whether a key press belongs to a field or a dialog, not to the game. */
export function typingOrDialog(target: EventTarget | null): boolean {
  if (document.querySelector('[role="dialog"]')) return true;
  const el = target instanceof HTMLElement ? target : null;
  if (!el) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

/** Desktop hotkeys: Space bets, A halves the stake, S doubles it (not while typing). */
export function useHotkeys(actions: { bet: () => void; half: () => void; double: () => void }) {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      if (typingOrDialog(event.target)) return;
      const key = event.key.toLowerCase();
      if (event.key === ' ' || event.code === 'Space') {
        // A focused button would also be pressed by Space: the hotkey alone acts.
        event.preventDefault();
        latest.current.bet();
      } else if (key === 'a') latest.current.half();
      else if (key === 's') latest.current.double();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
