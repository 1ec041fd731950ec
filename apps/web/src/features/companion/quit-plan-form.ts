import type { FieldErrors, Resolver } from 'react-hook-form';
import { addIstDays, istDateDayNumber, isIstDateString } from '@exhale/contract/ist';
import { Messages } from '@exhale/contract/messages';
import {
  QUIT_PLAN_LIMITS,
  TOBACCO_DEFAULTS,
  TOBACCO_TYPES,
  quitPlanRequestSchema,
  type QuitPlan,
  type QuitPlanRequest,
  type TobaccoType,
} from '@exhale/contract/quit-plan';

/** One row of the form per kind of tobacco; only the ticked ones are sent. */
export interface TobaccoRow {
  type: TobaccoType;
  selected: boolean;
  per_day: number;
  cost_per_day: number;
}

export interface QuitPlanFormValues {
  quit_date: string;
  tobacco: TobaccoRow[];
  reasons: { text: string }[];
}

/** Rupees for a number of units at the contract's default unit price. */
export function defaultCost(type: TobaccoType, perDay: number): number {
  return (TOBACCO_DEFAULTS[type].unit_cost_paise * perDay) / 100;
}

/** The quit date's window around the IST date `today` (API.md: today−365 … today+30). */
export function quitDateWindow(today: string): { min: string; max: string } {
  return {
    min: addIstDays(today, -QUIT_PLAN_LIMITS.quitDateDaysBack),
    max: addIstDays(today, QUIT_PLAN_LIMITS.quitDateDaysAhead),
  };
}

/** The form's starting values: the saved plan, or today with the contract's defaults. */
export function initialValues(
  plan: QuitPlan | null | undefined,
  today: string,
): QuitPlanFormValues {
  return {
    quit_date: plan?.quit_date ?? today,
    tobacco: TOBACCO_TYPES.map((type) => {
      const saved = plan?.tobacco.find((item) => item.type === type);
      const perDay = saved?.per_day ?? TOBACCO_DEFAULTS[type].per_day;
      return {
        type,
        selected: saved !== undefined,
        per_day: perDay,
        cost_per_day: saved?.cost_per_day ?? defaultCost(type, perDay),
      };
    }),
    reasons: (plan?.reasons.length ? plan.reasons : ['']).map((text) => ({ text })),
  };
}

/** What PUT /quit-plan is sent: the ticked kinds and the reasons that are not blank. */
export function toRequest(values: QuitPlanFormValues): {
  request: QuitPlanRequest;
  tobaccoRows: number[];
  reasonRows: number[];
} {
  const tobaccoRows = values.tobacco.flatMap((row, index) => (row.selected ? [index] : []));
  const reasonRows = values.reasons.flatMap((reason, index) =>
    reason.text.trim() === '' ? [] : [index],
  );
  return {
    request: {
      quit_date: values.quit_date,
      tobacco: tobaccoRows.map((index) => {
        const { type, per_day, cost_per_day } = values.tobacco[index]!;
        return { type, per_day, cost_per_day };
      }),
      reasons: reasonRows.map((index) => values.reasons[index]!.text.trim()),
    },
    tobaccoRows,
    reasonRows,
  };
}

type ErrorTree = Record<string, unknown>;

function setError(tree: ErrorTree, path: (string | number)[], message: string) {
  let node = tree;
  for (const key of path.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as ErrorTree;
  }
  const last = path.at(-1)!;
  node[last] ??= { type: 'validate', message };
}

/**
 * react-hook-form's resolver: the contract's schema checks the request the form would send, and
 * each error goes back to the row or field it came from. The date window depends on today, so it
 * is checked here as the server checks it.
 */
export function quitPlanResolver(
  today: string,
): Resolver<QuitPlanFormValues, unknown, QuitPlanRequest> {
  return async (values) => {
    const { request, tobaccoRows, reasonRows } = toRequest(values);
    const errors: ErrorTree = {};
    const parsed = quitPlanRequestSchema.safeParse(request);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [field, index, leaf] = issue.path as (string | number)[];
        if (field === 'quit_date') setError(errors, ['quit_date'], issue.message);
        else if (field === 'tobacco' && typeof index === 'number' && typeof leaf === 'string')
          setError(errors, ['tobacco', tobaccoRows[index]!, leaf], issue.message);
        else if (field === 'tobacco') setError(errors, ['tobacco', 'root'], issue.message);
        else if (field === 'reasons' && typeof index === 'number')
          setError(errors, ['reasons', reasonRows[index]!, 'text'], issue.message);
        else if (field === 'reasons') setError(errors, ['reasons', 'root'], issue.message);
      }
    }
    if (!errors.quit_date && isIstDateString(values.quit_date)) {
      const { min, max } = quitDateWindow(today);
      const day = istDateDayNumber(values.quit_date);
      if (day < istDateDayNumber(min) || day > istDateDayNumber(max)) {
        setError(errors, ['quit_date'], Messages.QUIT_DATE_INVALID.message);
      }
    }
    if (!parsed.success && Object.keys(errors).length === 0) {
      setError(
        errors,
        ['root'],
        parsed.error.issues[0]?.message ?? Messages.VALIDATION_ERROR.message,
      );
    }
    if (Object.keys(errors).length > 0 || !parsed.success) {
      return { values: {}, errors: errors as FieldErrors<QuitPlanFormValues> };
    }
    return { values: parsed.data, errors: {} };
  };
}
