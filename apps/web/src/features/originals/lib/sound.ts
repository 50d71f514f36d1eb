import { useCallback, useRef, useState } from 'react';
import { readStored, writeStored } from '../../../lib/storage';

const soundKey = 'taya.originals.sound';

export type Cue = 'bet' | 'win' | 'lose' | 'gem' | 'mine' | 'card';

/** Each cue: a few short notes (Hz, ms), played with an oscillator; nothing is downloaded. */
const cues: Record<Cue, [number, number][]> = {
  bet: [[520, 60]],
  win: [
    [660, 90],
    [880, 90],
    [1320, 140],
  ],
  lose: [
    [300, 110],
    [220, 160],
  ],
  gem: [
    [990, 50],
    [1480, 70],
  ],
  mine: [
    [180, 90],
    [110, 220],
  ],
  card: [[760, 35]],
};

type AudioContextClass = typeof AudioContext;

/**
 * The game's sounds: off until the player turns them on (the choice is remembered). Tones are
 * made with WebAudio when asked; a browser without it stays silent.
 */
export function useSound() {
  const [on, setOn] = useState(() => readStored('local', soundKey) === 'on');
  const context = useRef<AudioContext | null>(null);

  const toggle = useCallback(() => {
    setOn((was) => {
      writeStored('local', soundKey, was ? 'off' : 'on');
      return !was;
    });
  }, []);

  const play = useCallback(
    (cue: Cue) => {
      if (!on) return;
      const Ctx = (window.AudioContext ??
        (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext) as
        AudioContextClass | undefined;
      if (!Ctx) return;
      try {
        context.current ??= new Ctx();
        const ctx = context.current;
        let at = ctx.currentTime;
        for (const [freq, ms] of cues[cue]) {
          const osc = ctx.createOscillator();
          const gain = ctx.createGain();
          osc.type = cue === 'lose' || cue === 'mine' ? 'triangle' : 'sine';
          osc.frequency.value = freq;
          gain.gain.setValueAtTime(0.0001, at);
          gain.gain.exponentialRampToValueAtTime(0.12, at + 0.01);
          gain.gain.exponentialRampToValueAtTime(0.0001, at + ms / 1000);
          osc.connect(gain).connect(ctx.destination);
          osc.start(at);
          osc.stop(at + ms / 1000 + 0.02);
          at += ms / 1000;
        }
      } catch {
        // No sound is better than a broken game.
      }
    },
    [on],
  );

  return { on, toggle, play };
}
