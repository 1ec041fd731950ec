/** One language's reviewed list (crisis-words/<language>.ts), matched by crisis-matcher.ts. */
export interface CrisisWords {
  /** Words of self-harm or suicide: urgent, and Tele-MANAS 14416 and 112 at once. */
  selfHarm: readonly string[];
  /** Chest pain or breathlessness: the emergency number 112 at once. */
  medical: readonly string[];
}
