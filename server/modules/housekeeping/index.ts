export {
  HOUSEKEEPING_JOB,
  type HousekeepingOptions,
  type HousekeepingResult,
  runHousekeeping,
  runHousekeepingOnce,
  scheduleHousekeeping,
} from './service';
