/** One step of a breathing pattern: what to do and for how many seconds. */
export interface BreathingPhase {
  kind: 'inhale' | 'hold' | 'exhale' | 'rest';
  seconds: number;
}

/**
 * The two guided patterns (decision 033). Box breathing (4-4-4-4) is the default: equal, short
 * steps that a heavy smoker can follow during a craving; 4-7-8 is the slower alternative.
 */
export const BREATHING_PATTERNS = {
  box: [
    { kind: 'inhale', seconds: 4 },
    { kind: 'hold', seconds: 4 },
    { kind: 'exhale', seconds: 4 },
    { kind: 'rest', seconds: 4 },
  ],
  '478': [
    { kind: 'inhale', seconds: 4 },
    { kind: 'hold', seconds: 7 },
    { kind: 'exhale', seconds: 8 },
  ],
} as const satisfies Record<string, readonly BreathingPhase[]>;

export type BreathingPatternId = keyof typeof BREATHING_PATTERNS;

/** How many cycles a guided session runs before it says 'well done'. */
export const BREATHING_CYCLES = 4;

export interface BreathingState {
  /** The step being done now, or null once every cycle is finished. */
  phase: BreathingPhase | null;
  /** Seconds left in this step, counting down to 1 (what is shown and announced). */
  count: number;
  /** Whole cycles finished so far. */
  cyclesDone: number;
}

export function cycleSeconds(pattern: readonly BreathingPhase[]): number {
  return pattern.reduce((sum, phase) => sum + phase.seconds, 0);
}

/** Where a session is after `elapsed` whole seconds. */
export function breathingState(
  pattern: readonly BreathingPhase[],
  elapsed: number,
  cycles = BREATHING_CYCLES,
): BreathingState {
  const length = cycleSeconds(pattern);
  const safeElapsed = Math.max(0, Math.floor(elapsed));
  const cyclesDone = Math.min(cycles, Math.floor(safeElapsed / length));
  if (cyclesDone >= cycles) return { phase: null, count: 0, cyclesDone };
  let within = safeElapsed % length;
  for (const phase of pattern) {
    if (within < phase.seconds) return { phase, count: phase.seconds - within, cyclesDone };
    within -= phase.seconds;
  }
  /* c8 ignore next */
  throw new Error('unreachable: the cycle length covers every second');
}
