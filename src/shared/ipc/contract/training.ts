import { z } from 'zod';
import { MAX_OUTAGE_MINUTES, TRAINING_DRILLS } from '../../domain/training-drills';
import { BilingualText, method } from './define';
import { SupervisorFields } from './settings';

/**
 * Fault drills in training mode (issue 15): Settings arms the embedded training service's fault
 * queue for the next sale, so a store can rehearse a bad day before opening. Only in training
 * mode, with the supervisor PIN, recorded in the journal; the answer says what the cashier
 * should see (the shared domain's TRAINING_DRILL_TEXT).
 */
export const TrainingDrillId = z.enum(TRAINING_DRILLS);

export const TrainingDrillResult = z.object({
  drill: TrainingDrillId,
  /** How many requests or invoices are still going to misbehave. */
  pending: z.number().int().nonnegative(),
  label: BilingualText,
  expect: BilingualText,
});
export type TrainingDrillResult = z.infer<typeof TrainingDrillResult>;

export const trainingMethods = {
  'training.drill': method(
    'Arm a fault drill of the training service for the next sale (training mode, supervisor PIN)',
    z
      .object({
        drill: TrainingDrillId,
        /** The outage drill's length: the service is unreachable this many minutes (default 5). */
        minutes: z.number().int().min(1).max(MAX_OUTAGE_MINUTES).optional(),
        ...SupervisorFields,
      })
      .strict(),
    TrainingDrillResult,
  ),
};
